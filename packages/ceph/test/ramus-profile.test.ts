import { describe, expect, it } from 'vitest';
import {
  lineMeetsLine,
  lineMeetsPolyline,
  median,
  medianFilter,
  middleOfExtreme,
  profile,
  sample,
  strongestFall,
} from '../src/contours/ramus-profile.ts';

/** The helpers of ramus-points.ts, with values worked out by hand. */

const image = { width: 3, height: 2, data: [0, 10, 20, 30, 40, 50] };

describe('ramus-profile', () => {
  it.each([
    [0, 0, 0],
    [0.5, 0, 5],
    [1, 0.5, 25], // (10 + 40) / 2
    [-5, 9, 30], // clamped to the bottom-left corner
  ])('sample(%d, %d) = %d', (x, y, v) => {
    expect(sample(image, x, y)).toBeCloseTo(v, 1);
  });

  it('averages a profile across its 5 px strip', () => {
    const flat = { width: 10, height: 10, data: Array.from({ length: 100 }, (_, i) => i % 10) };
    // Along x from (2, 5), across y: the value is x itself.
    expect(profile(flat, { x: 2, y: 5 }, { x: 1, y: 0 }, { x: 0, y: 1 }, 3)).toEqual([2, 3, 4, 5]);
  });

  it('finds the strongest fall (value at i − 2 minus value at i + 2)', () => {
    // Steps at i = 2..3: 9 − 0 = 9, 8 − 1 = 7.
    expect(strongestFall([9, 8, 5, 1, 0, 1])).toEqual({ at: 2, step: 9, steps: [9, 7] });
    // A rise is a negative fall: the least negative wins, and every step counts by its size.
    expect(strongestFall([0, 1, 5, 8, 9, 9])).toEqual({ at: 3, step: -8, steps: [9, 8] });
    expect(strongestFall([1, 2, 3])).toBeNull();
  });

  it('takes medians and median-filters', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([])).toBe(0);
    expect(medianFilter([1, 9, 1, 1, 5], 3)).toEqual([9, 1, 1, 1, 5]);
  });

  it('answers the middle of a flat extreme', () => {
    // Smallest 1 at indices 2-4 (within 0.5 of it): middle 3.
    expect(middleOfExtreme([5, 4, 1, 1.2, 1, 6], -1, 0.5)).toBe(3);
    expect(middleOfExtreme([5, 4, 1, 1.2, 1, 6], 1, 0.5)).toBe(5);
  });

  it('meets lines and polylines', () => {
    expect(lineMeetsLine({ x: 0, y: 2 }, { x: 1, y: 0 }, { x: 5, y: 0 }, { x: 5, y: 10 })).toEqual({ x: 5, y: 2 });
    expect(lineMeetsLine({ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 0, y: 1 }, { x: 5, y: 1 })).toBeNull();
    const line = [
      { x: 5, y: 0 },
      { x: 5, y: 4 },
      { x: 9, y: 8 },
    ];
    expect(lineMeetsPolyline({ x: 0, y: 6 }, { x: 1, y: 0 }, line)).toEqual({ x: 7, y: 6 });
    expect(lineMeetsPolyline({ x: 0, y: 20 }, { x: 1, y: 0 }, line)).toBeNull();
  });
});
