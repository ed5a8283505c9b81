import { describe, expect, it } from 'vitest';
import { svgPathBounds } from '../src/geometry/path-bounds.ts';

describe('svgPathBounds', () => {
  it('frames every coordinate pair of the paths, padded by 4 % of the larger side', () => {
    // x 10..110, y 20..70: larger side 100, pad 4.
    expect(svgPathBounds([{ d: 'M10 20 C30 40 50 70 110 60' }, { d: 'M20 30 L40 50 Z' }])).toEqual({ x: 6, y: 16, width: 108, height: 58 });
  });

  it('is null without a path', () => {
    expect(svgPathBounds([])).toBeNull();
    expect(svgPathBounds([{ d: '' }])).toBeNull();
  });
});
