import type { DrawingShape } from '@ceppro/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { useDrawingStore } from '../../../src/features/viewer/drawing/store/drawing-store.ts';

const line = (id: string): DrawingShape => ({
  id,
  tool: 'line',
  from: [0, 0],
  to: [10, 10],
  color: '#ff0000',
  opacity: 1,
  width: 3,
  scales: true,
});
const store = () => useDrawingStore.getState();

describe('drawing save status', () => {
  beforeEach(() => {
    store().clear();
    store().load(7, { coords: [], superimpositionCoords: [] }, true);
  });

  it('stops saying "Saved" as soon as the drawing differs from what was stored, until the next save', () => {
    store().add(line('a'));
    store().markSaved(store().history.present);
    expect(store().saveStatus).toBe('saved');

    store().add(line('b'));
    expect(store().saveStatus).toBe('clean');
    store().markSaved(store().history.present);
    expect(store().saveStatus).toBe('saved');

    store().undo();
    expect(store().saveStatus).toBe('clean');
    store().markSaved(store().history.present);
    store().redo();
    expect(store().saveStatus).toBe('clean');
    store().markSaved(store().history.present);
    store().remove(['a']);
    expect(store().saveStatus).toBe('clean');
  });

  it('keeps "Saving…" when an edit arrives during a save; the save then ends unsaved, not "Saved"', () => {
    store().add(line('a'));
    const sending = store().history.present;
    store().setSaveStatus('saving');
    store().add(line('b'));
    expect(store().saveStatus).toBe('saving');
    store().markSaved(sending);
    expect(store().saveStatus).toBe('clean');
  });
});
