import { imagePoint } from '@ceppro/ceph';
import { describe, expect, it } from 'vitest';
import { clientToImage, fitView, imageToClient, zoomAt } from '../../src/features/viewer/lib/coordinates.ts';

const viewport = { left: 100, top: 50 };

describe('clientToImage / imageToClient', () => {
  it.each([
    // client point, view, expected image point (hand-computed: (client - viewport - translate) / scale)
    [
      { x: 100, y: 50 },
      { scale: 1, translateX: 0, translateY: 0 },
      { x: 0, y: 0 },
    ],
    [
      { x: 150, y: 80 },
      { scale: 1, translateX: 0, translateY: 0 },
      { x: 50, y: 30 },
    ],
    [
      { x: 150, y: 80 },
      { scale: 0.5, translateX: 0, translateY: 0 },
      { x: 100, y: 60 },
    ],
    [
      { x: 300, y: 250 },
      { scale: 0.25, translateX: 100, translateY: 40 },
      { x: 400, y: 640 },
    ],
    [
      { x: 90, y: 50 },
      { scale: 2, translateX: 0, translateY: 0 },
      { x: -5, y: 0 },
    ],
  ])('client %o at view %o is image %o', (client, view, image) => {
    const got = clientToImage(client, viewport, view);
    expect(got.x).toBeCloseTo(image.x, 9);
    expect(got.y).toBeCloseTo(image.y, 9);
    const back = imageToClient(imagePoint(image.x, image.y), viewport, view);
    expect(back.x).toBeCloseTo(client.x, 9);
    expect(back.y).toBeCloseTo(client.y, 9);
  });
});

describe('fitView', () => {
  it.each([
    // image, viewport, margin, expected view
    [{ width: 1000, height: 500 }, { width: 532, height: 532 }, 16, { scale: 0.5, translateX: 16, translateY: 141 }],
    [{ width: 1935, height: 2400 }, { width: 1232, height: 632 }, 16, { scale: 0.25, translateX: 374.125, translateY: 16 }],
    [{ width: 200, height: 200 }, { width: 400, height: 400 }, 0, { scale: 2, translateX: 0, translateY: 0 }],
    [{ width: 1000, height: 500 }, { width: 0, height: 0 }, 16, { scale: 1, translateX: 0, translateY: 0 }],
  ])('%o in %o (margin %i) is %o', (image, vp, margin, expected) => {
    const got = fitView(image, vp, margin);
    expect(got.scale).toBeCloseTo(expected.scale, 9);
    expect(got.translateX).toBeCloseTo(expected.translateX, 9);
    expect(got.translateY).toBeCloseTo(expected.translateY, 9);
  });
});

describe('zoomAt', () => {
  it('keeps the image point under the anchor in place', () => {
    const view = { scale: 0.5, translateX: 10, translateY: 20 };
    const anchor = { x: 110, y: 70 }; // image (200, 100)
    const zoomed = zoomAt(view, anchor, 2, 0.5);
    expect(zoomed).toEqual({ scale: 1, translateX: -90, translateY: -30 });
    expect(clientToImage(anchor, { left: 0, top: 0 }, zoomed)).toEqual({ x: 200, y: 100 });
  });

  it.each([
    [100, 2], // 400% of the fitted scale 0.5
    [0.01, 0.25], // 50% of it
  ])('clamps factor %f to scale %f', (factor, scale) => {
    expect(zoomAt({ scale: 0.5, translateX: 0, translateY: 0 }, { x: 0, y: 0 }, factor, 0.5).scale).toBe(scale);
  });
});
