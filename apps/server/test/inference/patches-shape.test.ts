import { describe, expect, it } from 'vitest';
import { bilinear, mirror, samplePatch } from '../../src/inference/patches.ts';
import { normaliseShape, shapeResidual, type Pt } from '../../src/inference/shape-check.ts';

const img = { width: 4, height: 3, data: Uint8Array.from([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110]) };

describe('bilinear', () => {
  it.each([
    [0, 0, 0],
    [1, 0, 10],
    [0.5, 0, 5],
    [1.5, 1.5, (50 + 60 + 90 + 100) / 4],
    [-1, 0, 0], // outside: zero padding
    [3.5, 0, 15], // half outside: (30 + 0) / 2
  ])('at (%f, %f) = %f', (x, y, v) => {
    expect(bilinear(img, x, y)).toBeCloseTo(v, 9);
  });
});

describe('samplePatch', () => {
  it('samples a 2x2 patch around a centre at unit step', () => {
    const out = new Float32Array(4);
    samplePatch(img, 0.5, 0.5, 2, 1, 1, 1, out, 0); // pixels at centre +- 0.5
    expect(Array.from(out)).toEqual([0, 10, 40, 50]);
  });

  it('applies the step and the frame factor (context frame at half scale)', () => {
    const out = new Float32Array(4);
    // centre (3, 1) in a frame twice as large as img: k = 0.5 -> img px (1.25, 0.25) +- step
    samplePatch(img, 3, 1, 2, 2, 0.5, 0.5, out, 0);
    expect(out[0]).toBeCloseTo(bilinear(img, (3 - 1 + 0.5) * 0.5 - 0.5, (1 - 1 + 0.5) * 0.5 - 0.5), 6);
  });

  it('mirrors rows', () => {
    expect(Array.from(mirror(img).data.slice(0, 4))).toEqual([30, 20, 10, 0]);
  });
});

describe('shapeResidual', () => {
  const shape: Pt[] = [
    [0, 0],
    [10, 0],
    [10, 5],
    [0, 8],
    [4, 3],
  ];
  it('is zero for the same shape moved, scaled and rotated', () => {
    const c = Math.cos(0.4);
    const s = Math.sin(0.4);
    const moved = shape.map(([x, y]) => [3 * (c * x - s * y) + 100, 3 * (s * x + c * y) - 7] as Pt);
    expect(shapeResidual(moved, normaliseShape(shape))).toBeLessThan(1e-9);
  });
  it('is not zero for a mirrored shape (no reflection allowed)', () => {
    expect(
      shapeResidual(
        shape.map(([x, y]) => [-x, y] as Pt),
        shape,
      ),
    ).toBeGreaterThan(0.1);
  });
  it('is 1 for degenerate input', () => {
    expect(
      shapeResidual(
        shape.map(() => [1, 1] as Pt),
        shape,
      ),
    ).toBe(1);
  });
});
