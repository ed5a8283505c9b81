import { LANDMARKS } from '@ceppro/ceph';
import { modifiedResultSchema } from '@ceppro/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setTool, useToolStore } from '../../src/features/viewer/interaction/registry.ts';
import { recordStore } from '../../src/features/viewer/documents/record-store.ts';
import { useLandmarkStore } from '../../src/features/viewer/store/landmark-store.ts';
import { useViewerStore } from '../../src/features/viewer/store/viewer-store.ts';
import { createHarness, RECORD, type Harness } from './harness.ts';

let h: Harness;
beforeEach(() => {
  h = createHarness();
});
afterEach(() => h.dispose());

const landmarks = () => useLandmarkStore.getState();
const cnameOf = (id: string) => 100 + LANDMARKS.findIndex((l) => l.id === id);

describe('reset to AI', () => {
  it('puts one landmark back (R on the selection) and is undoable', () => {
    h.drag(h.toLocal({ x: 800, y: 1000 }), h.toLocal({ x: 850, y: 1040 }));
    h.drag(h.toLocal({ x: 1400, y: 950 }), h.toLocal({ x: 1420, y: 950 }));
    landmarks().select('S');
    expect(h.key('r')).toBe(true);
    expect(h.position('S')).toEqual({ x: 800, y: 1000 });
    expect(h.position('N')?.x).toBeCloseTo(1420, 6);
    h.key('z', { ctrlKey: true });
    expect(h.position('S')?.x).toBeCloseTo(850, 6);
  });

  it('resets every landmark the model placed, keeping hand-placed ones', () => {
    landmarks().select('S');
    h.key('ArrowRight');
    landmarks().select('Po');
    h.key('ArrowDown');
    landmarks().place('Pm', h.toImage({ x: 500, y: 600 }));
    landmarks().resetToAi();
    expect(h.position('S')).toEqual({ x: 800, y: 1000 });
    expect(h.position('Po')).toEqual({ x: 600, y: 1150 });
    expect(landmarks().edited).toEqual({ Pm: h.toImage({ x: 500, y: 600 }) });
  });

  it('does nothing (no history entry) when nothing was adjusted', () => {
    landmarks().resetToAi();
    landmarks().resetToAi('S');
    expect(recordStore.getState().past).toHaveLength(0);
    expect(landmarks().dirty).toBe(false);
  });
});

describe('guided placement', () => {
  it('asks for each landmark in turn; a click places the one asked for, then the tool returns to idle', () => {
    landmarks().startGuidedPlacement(['Pm', 'Id', 'Pr']);
    setTool('placing-landmark');
    expect(h.controller.current().id).toBe('placing-landmark');
    const clicks = [
      { x: 300, y: 700 },
      { x: 320, y: 650 },
      { x: 340, y: 620 },
    ];
    h.click(clicks[0]!);
    expect(landmarks().guided).toEqual(['Id', 'Pr']);
    // A drag in between pans and places nothing.
    h.drag({ x: 100, y: 100 }, { x: 160, y: 100 });
    expect(landmarks().guided).toEqual(['Id', 'Pr']);
    h.click(clicks[1]!);
    h.click(clicks[2]!);
    expect(landmarks().guided).toEqual([]);
    expect(h.controller.current().id).toBe('idle');
    expect(useToolStore.getState().tool).toBe('idle');
    // Each point is where it was clicked, in image px of the view at the time of the click.
    expect(h.toLocal(h.position('Id')!).x).toBeCloseTo(320, 6);
    expect(h.toLocal(h.position('Pr')!).y).toBeCloseTo(620, 6);
    expect(landmarks().selected).toBe('Pr');
    expect(recordStore.getState().past).toHaveLength(3);
  });

  it('Escape stops placing; skipped landmarks stay unplaced', () => {
    landmarks().startGuidedPlacement(['Pm', 'Id']);
    setTool('placing-landmark');
    landmarks().skipGuided();
    expect(landmarks().guided).toEqual(['Id']);
    h.key('Escape');
    expect(landmarks().guided).toEqual([]);
    expect(h.controller.current().id).toBe('idle');
    expect(h.position('Pm')).toBeUndefined();
  });
});

describe('autosave when leaving the Landmarks panel', () => {
  it('saves once, with only the user landmarks as modified_result, and not again while nothing changed', async () => {
    h.drag(h.toLocal({ x: 800, y: 1000 }), h.toLocal({ x: 812.5, y: 990 }));
    landmarks().place('Pm', { x: 1250.123, y: 1900.987 } as never);
    expect(landmarks().dirty).toBe(true);
    h.openPanel('analysis');
    await h.autosave.settled();
    expect(h.saves).toHaveLength(1);
    const saved = h.saves[0]!;
    expect(saved.recordId).toBe(42);
    expect(saved.base).toBe(3);
    expect(saved.modified).toEqual({
      version: 2,
      image: { chart_data_id: 77 },
      landmarks: [
        { cname: 0, name: 'S', x: 812.5, y: 990 },
        { cname: cnameOf('Pm'), name: 'Pm', x: 1250.12, y: 1900.99 },
      ],
    });
    expect(modifiedResultSchema.safeParse(saved.modified).success).toBe(true);
    for (const l of saved.modified.landmarks) expect(Object.keys(l).sort()).toEqual(['cname', 'name', 'x', 'y']);
    expect(landmarks().dirty).toBe(false);
    expect(landmarks().saveStatus).toBe('saved');

    h.openPanel('landmarks');
    h.openPanel('report');
    await h.autosave.settled();
    expect(h.saves).toHaveLength(1);
  });

  it('does not save when nothing changed, nor on tab changes that do not leave Landmarks', async () => {
    h.openPanel('analysis');
    h.openPanel('report');
    await h.autosave.settled();
    expect(h.saves).toEqual([]);
    h.openPanel('landmarks');
    landmarks().select('S');
    h.key('ArrowLeft');
    h.openPanel('analysis');
    await h.autosave.settled();
    expect(h.saves).toHaveLength(1);
  });

  it('a reset to AI is saved as an empty modified_result', async () => {
    h.dispose();
    const stored = { version: 2 as const, image: { chart_data_id: 77 }, landmarks: [{ cname: 0, name: 'S', x: 790, y: 1000 }] };
    h = createHarness({ ...RECORD, modified_result: stored });
    landmarks().resetToAi();
    h.openPanel('analysis');
    await h.autosave.settled();
    expect(h.saves.map((s) => s.modified)).toEqual([{ version: 2, image: { chart_data_id: 77 }, landmarks: [] }]);
  });

  it('does not save edits that end where the record already is: undone, or put back to the AI point', async () => {
    landmarks().select('S');
    h.key('ArrowLeft');
    h.key('ArrowLeft');
    landmarks().undo();
    landmarks().undo();
    landmarks().select('Pog');
    h.key('ArrowUp');
    landmarks().resetToAi();
    // Dirty means "differs from what the record holds": edits that end there are nothing to save.
    expect(landmarks().dirty).toBe(false);
    expect(recordStore.getState().past).toHaveLength(2);
    h.openPanel('analysis');
    await h.autosave.settled();
    expect(h.saves).toEqual([]);
    expect(h.autosave.pending()).toBeNull();
    expect(landmarks().dirty).toBe(false);
  });

  it('on CONFLICT (a stale save) reports it for a reload and never marks the edits saved', async () => {
    landmarks().select('N');
    h.key('ArrowUp');
    h.conflictNextSave();
    h.openPanel('analysis');
    await h.autosave.settled();
    expect(h.conflicts()).toBe(1);
    expect(h.saves).toEqual([]);
    expect(landmarks().saveStatus).toBe('error');
    expect(landmarks().revision).toBe(3);
  });

  it('saves from the revision the last save reached', async () => {
    landmarks().select('N');
    h.key('ArrowUp');
    h.openPanel('analysis');
    await h.autosave.settled();
    h.openPanel('landmarks');
    h.key('ArrowUp');
    h.openPanel('analysis');
    await h.autosave.settled();
    expect(h.saves.map((s) => s.base)).toEqual([3, 4]);
  });

  it('keeps the edits unsaved when the save fails, and saves them on the next leave', async () => {
    landmarks().select('N');
    h.key('ArrowUp');
    h.failNextSave();
    h.openPanel('analysis');
    await h.autosave.settled();
    expect(landmarks().saveStatus).toBe('error');
    expect(landmarks().dirty).toBe(true);
    h.openPanel('landmarks');
    h.openPanel('analysis');
    await h.autosave.settled();
    expect(h.saves).toHaveLength(1);
    expect(landmarks().dirty).toBe(false);
  });

  it('an edit made while a save is running stays unsaved, then goes in the next save', async () => {
    landmarks().select('N');
    h.key('ArrowUp');
    const release = h.holdSaves();
    h.openPanel('analysis');
    expect(landmarks().saveStatus).toBe('saving');
    h.key('ArrowUp');
    const second = h.autosave.flush();
    release();
    await second;
    expect(h.saves.map((s) => s.modified.landmarks[0]?.y)).toEqual([949, 948]);
    expect(landmarks().dirty).toBe(false);
  });

  it('saves an edit made while another tab is open right away (there is no menu to leave)', async () => {
    h.openPanel('analysis');
    landmarks().select('Pog');
    h.key('ArrowDown');
    await h.autosave.settled();
    expect(h.saves.map((s) => s.modified.landmarks)).toEqual([[{ cname: 6, name: 'Pog', x: 1300, y: 1951 }]]);
    landmarks().select(null);
    h.openPanel('landmarks');
    landmarks().select('Pog');
    h.key('ArrowDown');
    await h.autosave.settled();
    expect(h.saves).toHaveLength(1);
  });

  it('reads a saved modified_result back: edited and hand-placed landmarks, AI kept apart', () => {
    h.dispose();
    h = createHarness({
      id: 7,
      infer_result: { version: 1, model: { id: 'm', version: '1' }, landmarks: [{ cname: 0, name: 'Sella', x: 1, y: 2, confidence: 0.4 }] },
      modified_result: {
        version: 1,
        landmarks: [
          { cname: 0, name: 'S', x: 5, y: 6 },
          { cname: cnameOf('Pm'), name: 'Pm', x: 7, y: 8 },
          { cname: 999, name: 'mystery', x: 0, y: 0 },
        ],
      },
      revision: 1,
    });
    expect(landmarks().positions).toEqual({ S: { x: 5, y: 6 }, Pm: { x: 7, y: 8 } });
    expect(landmarks().ai.S).toEqual({ point: { x: 1, y: 2 }, confidence: 0.4, name: 'Sella' });
    expect(useViewerStore.getState().imageSize).toEqual({ width: 1935, height: 2400 });
    landmarks().resetToAi('S');
    // The entry no landmark matches is written back untouched.
    expect(h.autosave.pending()?.modified.landmarks).toEqual([
      { cname: cnameOf('Pm'), name: 'Pm', x: 7, y: 8 },
      { cname: 999, name: 'mystery', x: 0, y: 0 },
    ]);
  });
});
