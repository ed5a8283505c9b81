import { describe, expect, it } from 'vitest';
import { arrowHead, imageLineDirection, planeRotation, type Vec2 } from '../src/index.ts';

const S3 = Math.sqrt(3); // 2·cos 30° = √3, 2·sin 30° = 1

describe('arrowHead (barbs 30° off the shaft)', () => {
  it.each([
    ['pointing right', [0, 0], [10, 0], 2, [10 - S3, -1], [10 - S3, 1]],
    ['pointing down (image y down)', [0, 0], [0, 10], 2, [1, 10 - S3], [-1, 10 - S3]],
    ['pointing left, longer barbs', [10, 5], [0, 5], 4, [2 * S3, 7], [2 * S3, 3]],
  ] as const)('%s', (_name, from, to, length, first, second) => {
    const [a, b] = arrowHead(from, to, length);
    expect(a[0]).toBeCloseTo(first[0], 9);
    expect(a[1]).toBeCloseTo(first[1], 9);
    expect(b[0]).toBeCloseTo(second[0], 9);
    expect(b[1]).toBeCloseTo(second[1], 9);
  });
});

const O: Vec2 = { x: 0, y: 0 };
/** The point 10 px from O in direction `deg`, counter-clockwise as drawn (image y down). */
const towards = (deg: number): Vec2 => ({ x: 10 * Math.cos((deg * Math.PI) / 180), y: -10 * Math.sin((deg * Math.PI) / 180) });

describe('imageLineDirection (image px, + counter-clockwise as drawn)', () => {
  it.each([
    ['right', { x: 10, y: 0 }, 0],
    ['up on the film (y decreasing)', { x: 0, y: -10 }, 90],
    ['down on the film', { x: 0, y: 10 }, -90],
    ['up-right', { x: 5, y: -5 }, 45],
  ])('%s', (_name, b, expected) => {
    expect(imageLineDirection(O, b)).toBeCloseTo(expected, 9);
  });
  it('a line of two equal points has no direction', () => {
    expect(imageLineDirection({ x: 3, y: 4 }, { x: 3, y: 4 })).toBeNull();
  });
});

describe('planeRotation (later film minus earlier, wrapped to [−180, 180))', () => {
  it.each([
    ['turned up by 45°', 0, 45, 45],
    ['turned down by 10°', 30, 20, -10],
    ['across ±180: 170° -> −170° is +20°', 170, -170, 20],
    ['across ±180 the other way: −170° -> 170° is −20°', -170, 170, -20],
  ])('%s', (_name, before, after, expected) => {
    expect(planeRotation([O, towards(before)], [O, towards(after)])).toBeCloseTo(expected, 6);
  });
  it('a plane collapsed on either film gives null', () => {
    expect(planeRotation([O, O], [O, towards(10)])).toBeNull();
    expect(planeRotation([O, towards(10)], [O, O])).toBeNull();
  });
});
