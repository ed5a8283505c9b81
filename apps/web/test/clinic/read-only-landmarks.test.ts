import { imagePoint } from '@ceppro/ceph';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commandById } from '../../src/features/viewer/commands.ts';
import { recordStore } from '../../src/features/viewer/documents/record-store.ts';
import { useLandmarkStore } from '../../src/features/viewer/store/landmark-store.ts';
import { useViewerStore } from '../../src/features/viewer/store/viewer-store.ts';
import { createHarness, RECORD, type Harness } from '../viewer/harness.ts';

/*
 * A role that may not change landmarks (a clinic's assistant, contract ACCESS_POLICY `landmarks.edit`):
 * the headless viewer with the landmark store read-only. Pressing a landmark selects it and pans; the
 * arrows, the commands and guided placement change nothing; nothing becomes dirty, so nothing is saved.
 */
let h: Harness;
beforeEach(() => {
  h = createHarness();
  useLandmarkStore.getState().setReadOnly(true);
});
afterEach(() => {
  useLandmarkStore.getState().setReadOnly(false);
  h.dispose();
});

const landmarks = () => useLandmarkStore.getState();
const context = () => ({ viewer: useViewerStore.getState(), landmarks: landmarks() });

describe('read-only landmarks', () => {
  it('selects a pressed landmark but does not move it; the drag pans the film instead', () => {
    const before = useViewerStore.getState().view;
    h.drag(h.toLocal({ x: 800, y: 1000 }), h.toLocal({ x: 850, y: 1040 }));
    expect(landmarks().selected).toBe('S');
    expect(h.position('S')).toEqual({ x: 800, y: 1000 });
    expect(useViewerStore.getState().view).not.toEqual(before);
    h.key('ArrowRight');
    expect(h.position('S')).toEqual({ x: 800, y: 1000 });
    expect(landmarks().dirty).toBe(false);
  });

  it('refuses every edit the store is asked for, and the edit commands are off', () => {
    landmarks().move('S', imagePoint(1, 1));
    landmarks().nudge(5, 5, 'N');
    landmarks().place('Pm', imagePoint(300, 700));
    landmarks().startGuidedPlacement(['Pm']);
    landmarks().resetToAi();
    expect(landmarks().edited).toEqual({});
    expect(landmarks().guided).toEqual([]);
    expect(recordStore.getState().past).toHaveLength(0);
    for (const id of ['undo', 'redo', 'reset-ai', 'reset-ai-all'] as const) expect(commandById(id).enabled?.(context())).toBe(false);
    expect(h.saves).toHaveLength(0);
  });

  it('stays read-only when another record is loaded, and edits again once allowed', () => {
    landmarks().load(RECORD, 77);
    expect(landmarks().readOnly).toBe(true);
    landmarks().setReadOnly(false);
    landmarks().nudge(5, 0, 'S');
    expect(h.position('S')).toEqual({ x: 805, y: 1000 });
  });
});
