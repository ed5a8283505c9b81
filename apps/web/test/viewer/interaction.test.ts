import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordStore } from '../../src/features/viewer/documents/record-store.ts';
import { useLandmarkStore } from '../../src/features/viewer/store/landmark-store.ts';
import { useViewerStore, zoomPercent } from '../../src/features/viewer/store/viewer-store.ts';
import { createHarness, type Harness } from './harness.ts';

let h: Harness;
beforeEach(() => {
  h = createHarness();
});
afterEach(() => h.dispose());

const landmarks = () => useLandmarkStore.getState();

describe('dragging a landmark', () => {
  it.each([50, 100, 237, 400])('moves it by exactly the pointer travel in image px at %i%% zoom', (percent) => {
    h.zoomTo(percent);
    expect(zoomPercent(useViewerStore.getState())).toBe(percent);
    const scale = useViewerStore.getState().view.scale;
    const start = h.toLocal({ x: 800, y: 1000 });
    // Grabbed 3 px off the marker's centre: the landmark must not jump to the pointer.
    const from = { x: start.x + 3, y: start.y - 2 };
    h.drag(from, { x: from.x + 57, y: from.y - 31 }, 7);
    const moved = h.position('S');
    expect(moved?.x).toBeCloseTo(800 + 57 / scale, 9);
    expect(moved?.y).toBeCloseTo(1000 - 31 / scale, 9);
    expect(recordStore.getState().past).toHaveLength(1);
    expect(landmarks().preview).toBeNull();
    expect(landmarks().selected).toBe('S');
    expect(h.controller.current().id).toBe('idle');
    // The model's point is kept beside the user's (docs/house-rules.md §4).
    expect(landmarks().ai.S?.point).toEqual({ x: 800, y: 1000 });
  });

  it('shows the drag as a preview only, committing one history entry on release', () => {
    const from = h.toLocal({ x: 1400, y: 950 });
    h.down(from);
    h.move({ x: from.x + 10, y: from.y });
    h.move({ x: from.x + 20, y: from.y + 5 });
    expect(landmarks().preview?.id).toBe('N');
    expect(h.position('N')).toEqual({ x: 1400, y: 950 });
    expect(recordStore.getState().past).toHaveLength(0);
    h.up({ x: from.x + 20, y: from.y + 5 });
    expect(recordStore.getState().past).toHaveLength(1);
    expect(landmarks().dirty).toBe(true);
  });

  it('a click on a landmark selects it without moving it', () => {
    const at = h.toLocal({ x: 1300, y: 1950 });
    h.down(at);
    h.move({ x: at.x + 1, y: at.y + 1 });
    h.up({ x: at.x + 1, y: at.y + 1 });
    expect(landmarks().selected).toBe('Pog');
    expect(h.position('Pog')).toEqual({ x: 1300, y: 1950 });
    expect(recordStore.getState().past).toHaveLength(0);
    expect(landmarks().dirty).toBe(false);
  });

  it('Escape during a drag puts the landmark back', () => {
    const from = h.toLocal({ x: 800, y: 1000 });
    h.down(from);
    h.move({ x: from.x + 40, y: from.y + 40 });
    expect(h.key('Escape')).toBe(true);
    expect(landmarks().preview).toBeNull();
    h.up({ x: from.x + 40, y: from.y + 40 });
    expect(h.position('S')).toEqual({ x: 800, y: 1000 });
    expect(recordStore.getState().past).toHaveLength(0);
  });

  it('a pointer cancel abandons the drag', () => {
    const from = h.toLocal({ x: 800, y: 1000 });
    h.down(from);
    h.move({ x: from.x + 40, y: from.y });
    h.controller.cancel();
    expect(landmarks().preview).toBeNull();
    expect(h.position('S')).toEqual({ x: 800, y: 1000 });
    expect(h.controller.current().id).toBe('idle');
  });
});

describe('panning and zooming', () => {
  it('a drag on the film away from landmarks pans by the pointer travel and moves no landmark', () => {
    const before = useViewerStore.getState().view;
    h.drag({ x: 20, y: 20 }, { x: 120, y: -30 });
    const after = useViewerStore.getState().view;
    expect(after.translateX - before.translateX).toBeCloseTo(100, 9);
    expect(after.translateY - before.translateY).toBeCloseTo(-50, 9);
    expect(after.scale).toBe(before.scale);
    expect(recordStore.getState().past).toHaveLength(0);
  });

  it('a wheel step zooms about 3% around the pointer, within 50%-400% of the fitted view', () => {
    const at = { x: 400, y: 300 };
    const under = h.toImage(at);
    const scale = useViewerStore.getState().view.scale;
    h.wheel(at, -100);
    expect(useViewerStore.getState().view.scale / scale).toBeCloseTo(1.03, 9);
    expect(h.toImage(at).x).toBeCloseTo(under.x, 6);
    expect(h.toImage(at).y).toBeCloseTo(under.y, 6);
    for (let i = 0; i < 200; i++) h.wheel(at, -100);
    expect(zoomPercent(useViewerStore.getState())).toBe(400);
    for (let i = 0; i < 400; i++) h.wheel(at, 100);
    expect(zoomPercent(useViewerStore.getState())).toBe(50);
  });

  it('F fits the image again', () => {
    h.zoomTo(300);
    expect(h.key('f')).toBe(true);
    expect(zoomPercent(useViewerStore.getState())).toBe(100);
    expect(useViewerStore.getState().fitted).toBe(true);
  });
});

describe('keyboard', () => {
  it('arrows nudge the selected landmark 1 image px, Shift 10, at any zoom', () => {
    landmarks().select('N');
    h.zoomTo(350);
    expect(h.key('ArrowRight')).toBe(true);
    expect(h.position('N')).toEqual({ x: 1401, y: 950 });
    h.key('ArrowUp', { shiftKey: true });
    expect(h.position('N')).toEqual({ x: 1401, y: 940 });
    h.zoomTo(60);
    h.key('ArrowLeft', { shiftKey: true });
    h.key('ArrowDown');
    expect(h.position('N')).toEqual({ x: 1391, y: 941 });
    expect(recordStore.getState().past).toHaveLength(4);
  });

  it('arrows do nothing without a selection (the key is left to the page)', () => {
    expect(h.key('ArrowRight')).toBe(false);
    expect(landmarks().dirty).toBe(false);
  });

  it('Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo (Cmd on a Mac)', () => {
    landmarks().select('S');
    h.key('ArrowRight');
    h.key('ArrowRight');
    expect(h.position('S')).toEqual({ x: 802, y: 1000 });
    expect(h.key('z', { ctrlKey: true })).toBe(true);
    expect(h.position('S')).toEqual({ x: 801, y: 1000 });
    h.key('z', { metaKey: true });
    expect(h.position('S')).toEqual({ x: 800, y: 1000 });
    expect(landmarks().edited.S).toBeUndefined();
    h.key('Z', { ctrlKey: true, shiftKey: true });
    expect(h.position('S')).toEqual({ x: 801, y: 1000 });
    h.key('y', { ctrlKey: true });
    expect(h.position('S')).toEqual({ x: 802, y: 1000 });
    // A new edit after an undo drops the redo branch.
    h.key('z', { ctrlKey: true });
    h.key('ArrowDown');
    h.key('y', { ctrlKey: true });
    expect(h.position('S')).toEqual({ x: 801, y: 1001 });
  });

  it('Escape clears the selection; display toggles have their letters', () => {
    landmarks().select('S');
    h.key('Escape');
    expect(landmarks().selected).toBeNull();
    h.key('t');
    h.key('p');
    h.key('x');
    expect(useViewerStore.getState().display).toMatchObject({ tracing: false, planes: false, xray: false, landmarks: true });
  });
});
