import { beforeEach, describe, expect, it } from 'vitest';
import { useViewerStore, zoomPercent } from '../../src/features/viewer/store/viewer-store.ts';

const store = () => useViewerStore.getState();

beforeEach(() => store().reset());

describe('viewer store', () => {
  it('fits the image once both sizes are known, in either order', () => {
    store().setImageSize({ width: 968, height: 1200 });
    store().setViewportSize({ width: 1400, height: 790 });
    // room 1368 x 758: scale = 758 / 1200
    expect(store().view.scale).toBeCloseTo(758 / 1200, 9);
    expect(store().view.translateY).toBeCloseTo(16, 9);
    expect(zoomPercent(store())).toBe(100);

    store().reset();
    store().setViewportSize({ width: 1400, height: 790 });
    store().setImageSize({ width: 968, height: 1200 });
    expect(store().view.scale).toBeCloseTo(758 / 1200, 9);
  });

  it('keeps a zoomed view when the window resizes, and fit brings it back', () => {
    store().setImageSize({ width: 1000, height: 1000 });
    store().setViewportSize({ width: 532, height: 532 });
    store().zoomBy(2, { x: 266, y: 266 });
    expect(zoomPercent(store())).toBe(200);
    store().setViewportSize({ width: 1032, height: 1032 });
    expect(store().view.scale).toBeCloseTo(1, 9); // unchanged
    expect(zoomPercent(store())).toBe(100); // ...which is now 100% of the bigger fit
    store().fit();
    expect(store().view).toEqual({ scale: 1, translateX: 16, translateY: 16 });
    expect(store().fitted).toBe(true);
  });

  it('refits a fitted view when the window resizes', () => {
    store().setImageSize({ width: 1000, height: 1000 });
    store().setViewportSize({ width: 532, height: 532 });
    store().setViewportSize({ width: 1032, height: 532 });
    expect(store().view).toEqual({ scale: 0.5, translateX: 266, translateY: 16 });
  });
});
