import type { DrawingShape } from '@ceppro/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordStore } from '../../../src/features/viewer/documents/record-store.ts';
import { useDrawingStore, type DrawingSets } from '../../../src/features/viewer/drawing/store/drawing-store.ts';

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

/*
 * The drawing pad's status line mirrors the record store's `drawing` document: "Saved" only while
 * the drawing is what the last save stored.
 */
describe('drawing save status', () => {
  let saved: DrawingSets[];
  let gate: Promise<void> | null;
  let unregister: () => void;
  beforeEach(() => {
    recordStore.forget();
    store().clear();
    store().load(7, { coords: [], superimpositionCoords: [] }, true);
    saved = [];
    gate = null;
    unregister = recordStore.register<DrawingSets>('drawing', {
      delayMs: () => null,
      save: async (sets) => {
        if (gate) await gate;
        saved.push(sets);
        return null;
      },
    });
  });
  afterEach(() => unregister());

  it('stops saying "Saved" as soon as the drawing differs from what was stored, until the next save', async () => {
    store().add(line('a'));
    await recordStore.flush();
    expect(store().saveStatus).toBe('saved');

    store().add(line('b'));
    expect(store().saveStatus).toBe('clean');
    await recordStore.flush();
    expect(store().saveStatus).toBe('saved');

    store().undo();
    expect(store().present.coords.map((s) => s.id)).toEqual(['a']);
    expect(store().saveStatus).toBe('clean');
    await recordStore.flush();
    store().redo();
    expect(store().saveStatus).toBe('clean');
    await recordStore.flush();
    store().remove(['a']);
    expect(store().saveStatus).toBe('clean');
    expect(saved.map((s) => s.coords.map((c) => c.id))).toEqual([['a'], ['a', 'b'], ['a'], ['a', 'b']]);
  });

  it('keeps "Saving…" when an edit arrives during a save; the save then ends unsaved, not "Saved"', async () => {
    let release = () => {};
    gate = new Promise<void>((resolve) => (release = resolve));
    store().add(line('a'));
    const saving = recordStore.flush();
    expect(store().saveStatus).toBe('saving');
    store().add(line('b'));
    expect(store().saveStatus).toBe('saving');
    release();
    await saving;
    expect(store().saveStatus).toBe('clean');
    expect(recordStore.getState().docs.drawing?.dirty).toBe(true);
  });
});
