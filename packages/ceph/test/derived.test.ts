import { describe, expect, it } from 'vitest';
import { calibrationFromDefaultPpm, constructXi, imagePoint, withDerivedLandmarks } from '../src/index.ts';

describe('Ricketts Xi construction', () => {
  it('is the centre of the FH-aligned rectangle (hand-computed, FH horizontal)', () => {
    const xi = constructXi({ x: 10, y: 5 }, { x: 0, y: 7 }, { x: 3, y: 20 }, { x: 6, y: 0 }, { x: -50, y: 30 }, { x: 50, y: 30 });
    expect(xi).toEqual({ x: 5, y: 10 });
  });
  it('follows a tilted FH (rotate everything by 90°)', () => {
    const r = (x: number, y: number) => ({ x: -y, y: x });
    const xi = constructXi(r(10, 5), r(0, 7), r(3, 20), r(6, 0), r(-50, 30), r(50, 30));
    expect(xi?.x).toBeCloseTo(-10, 12);
    expect(xi?.y).toBeCloseTo(5, 12);
  });
  it('is added to image landmarks when absent, never overwritten', () => {
    const cal = calibrationFromDefaultPpm(10);
    // Facing right, image y down: patient (x, y) = (px/10, −py/10).
    const lm = {
      S: imagePoint(0, 0),
      N: imagePoint(700, 0),
      Po: imagePoint(-500, -300),
      Or: imagePoint(500, -300),
      R1: imagePoint(100, -50),
      R2: imagePoint(0, -70),
      R3: imagePoint(30, -200),
      R4: imagePoint(60, 0),
    };
    const out = withDerivedLandmarks(lm, cal);
    expect(out.Xi?.x).toBeCloseTo(50, 9);
    expect(out.Xi?.y).toBeCloseTo(-100, 9);
    expect(withDerivedLandmarks({ ...lm, Xi: imagePoint(1, 2) }, cal).Xi).toEqual({ x: 1, y: 2 });
    expect(withDerivedLandmarks({ S: imagePoint(0, 0) }, cal).Xi).toBeUndefined();
  });
});
