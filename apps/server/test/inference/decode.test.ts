import { describe, expect, it } from 'vitest';
import { decodeHeatmap } from '../../src/inference/decode.ts';

function map(h: number, w: number, f: (x: number, y: number) => number): Float32Array {
  const out = new Float32Array(h * w);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) out[y * w + x] = f(x, y);
  return out;
}

describe('decodeHeatmap (soft-argmax over the whole map)', () => {
  it('finds a single sharp peak with confidence near 1', () => {
    const d = map(8, 10, (x, y) => (x === 7 && y === 2 ? 50 : 0));
    const p = decodeHeatmap(d, 0, 8, 10, 2);
    expect(p.x).toBeCloseTo(7, 6);
    expect(p.y).toBeCloseTo(2, 6);
    expect(p.confidence).toBeGreaterThan(0.999);
  });

  it('gives a sub-cell position between two equal cells', () => {
    const d = map(8, 10, (x, y) => (y === 4 && (x === 3 || x === 4) ? 40 : 0));
    const p = decodeHeatmap(d, 0, 8, 10, 2);
    expect(p.x).toBeCloseTo(3.5, 6);
    expect(p.y).toBeCloseTo(4, 6);
  });

  it('recovers the centre of a Gaussian log-heatmap off the grid', () => {
    const cx = 12.3;
    const cy = 7.8;
    const d = map(20, 24, (x, y) => -((x - cx) ** 2 + (y - cy) ** 2) / (2 * 0.8 ** 2));
    const p = decodeHeatmap(d, 0, 20, 24, 2);
    expect(p.x).toBeCloseTo(cx, 3);
    expect(p.y).toBeCloseTo(cy, 3);
  });

  it('takes the mean of two modes (as the loss trained it) and reports low confidence', () => {
    // Two equal peaks at x = 2 and x = 12 on row 5: the expectation is x = 7, mass there ~0.
    const d = map(10, 16, (x, y) => (y === 5 && (x === 2 || x === 12) ? 30 : 0));
    const p = decodeHeatmap(d, 0, 10, 16, 2);
    expect(p.x).toBeCloseTo(7, 6);
    expect(p.confidence).toBeLessThan(0.01);
  });

  it('scores a flat map low (mass of 25 cells around the centre) and reads maps at an offset', () => {
    const flat = new Float32Array(2 * 16 * 16);
    expect(decodeHeatmap(flat, 0, 16, 16, 2).confidence).toBeCloseTo(25 / 256, 6);
    expect(decodeHeatmap(flat, 0, 16, 16, 2).x).toBeCloseTo(7.5, 9);
    flat[16 * 16 + 5 * 16 + 9] = 40; // second map, peak at (9, 5)
    const p = decodeHeatmap(flat, 256, 16, 16, 2);
    expect(p.x).toBeCloseTo(9, 6);
    expect(p.y).toBeCloseTo(5, 6);
  });
});
