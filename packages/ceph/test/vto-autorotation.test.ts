import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SOFT_TISSUE_RULES,
  ZERO_SURGICAL_PLAN,
  ZERO_VTO_MOVEMENT,
  autorotationAngle,
  calibrationFromDefaultPpm,
  findHinge,
  imagePoint,
  rotateAbout,
  simulatePlan,
  vtoContactRise,
  type ImagePoint,
  type LandmarkMap,
  type PlanChoices,
} from '../src/index.ts';
import { FACE, FACE_CALIBRATION } from './fixtures.ts';

const choices = (patch: Partial<PlanChoices>): PlanChoices => ({
  mode: 'vto',
  movements: ZERO_VTO_MOVEMENT,
  rules: DEFAULT_SOFT_TISSUE_RULES,
  surgery: ZERO_SURGICAL_PLAN,
  surgicalRatios: {},
  autorotation: { enabled: true, contact: 'molar', verticalMm: 0 },
  ...patch,
});

describe('autorotation angle', () => {
  it.each([
    // hinge, contact, rise (mm), angle (deg, + counter-clockwise = closing)
    [{ x: 0, y: 0 }, { x: 60, y: 0 }, 30, 30],
    [{ x: 0, y: 0 }, { x: 60, y: 0 }, -30, -30],
    [{ x: 0, y: 0 }, { x: 60, y: 0 }, 60, 90],
    [{ x: 10, y: 5 }, { x: 10 + 40 * Math.SQRT1_2, y: 5 - 40 * Math.SQRT1_2 }, 40 * Math.SQRT1_2, 45],
    [{ x: 0, y: 0 }, { x: 60, y: 0 }, 0, 0],
  ])('hinge %o contact %o rise %s -> %s°', (hinge, contact, rise, angle) => {
    expect(autorotationAngle(hinge, contact, rise)).toBeCloseTo(angle, 9);
  });
  it('refuses a rise beyond the circle and a contact on the hinge', () => {
    expect(autorotationAngle({ x: 0, y: 0 }, { x: 60, y: 0 }, 61)).toBeNull();
    expect(autorotationAngle({ x: 1, y: 1 }, { x: 1, y: 1 }, 1)).toBeNull();
  });
  it('rotateAbout keeps the distance to the pivot and turns by the angle', () => {
    const q = rotateAbout({ x: 0, y: -60 }, { x: 0, y: 0 }, 30);
    expect(q.x).toBeCloseTo(30, 12);
    expect(q.y).toBeCloseTo(-60 * Math.cos(Math.PI / 6), 12);
  });
});

describe('hinge', () => {
  const pts = {
    Co: { x: 1, y: 2 },
    Ar: { x: 3, y: 4 },
    Ba: { x: 0, y: 0 },
    N: { x: 100, y: 0 },
    Go: { x: 10, y: -50 },
    R2: { x: 10, y: -20 },
  };
  it('is Co, else Ar, else the Ba–N crossing of the ramus line, else none', () => {
    expect(findHinge(pts)).toEqual({ point: { x: 1, y: 2 }, source: 'Co' });
    expect(findHinge({ ...pts, Co: undefined })).toEqual({ point: { x: 3, y: 4 }, source: 'Ar' });
    const est = findHinge({ ...pts, Co: undefined, Ar: undefined });
    expect(est?.source).toBe('estimate');
    expect(est?.point.x).toBeCloseTo(10, 12);
    expect(est?.point.y).toBeCloseTo(0, 12);
    expect(findHinge({ ...pts, Co: undefined, Ar: undefined, Ba: undefined })).toBeNull();
  });
});

describe('autorotation in a plan', () => {
  // A right angle at the hinge: Co, the molar 60 mm in front at the same height, Pog 60 mm below (10 px/mm).
  const RIGHT: LandmarkMap<ImagePoint> = {
    S: imagePoint(400, 700),
    N: imagePoint(1400, 700),
    Co: imagePoint(1000, 1000),
    L6: imagePoint(1600, 1000),
    Pog: imagePoint(1000, 1600),
    A: imagePoint(1500, 1100),
  };
  const cal = calibrationFromDefaultPpm(10);

  it('a chosen 30 mm rise at the molar turns the mandible 30° about Co; Pog moves along its arc', () => {
    const r = simulatePlan(RIGHT, cal, choices({ autorotation: { enabled: true, contact: 'molar', verticalMm: 30 } }));
    if (!r.ok) throw new Error(r.error);
    const auto = r.result.autorotation;
    expect(auto?.status).toBe('ok');
    if (auto?.status !== 'ok') return;
    expect(auto.hinge).toBe('Co');
    expect(auto.angleDeg).toBeCloseTo(30, 9);
    // Pog: (0, −60) mm from the hinge turned 30° counter-clockwise = (30, −51.96); radius kept.
    expect(r.result.displacementsMm.Pog!.x).toBeCloseTo(30, 9);
    expect(r.result.displacementsMm.Pog!.y).toBeCloseTo(60 - 60 * Math.cos(Math.PI / 6), 9);
    const pog = r.result.landmarks.Pog!;
    expect(Math.hypot(pog.x - 1000, pog.y - 1000)).toBeCloseTo(600, 9);
    expect(r.result.landmarks.L6!.y).toBeCloseTo(1000 - 300, 9);
    expect(r.result.landmarks.A).toEqual(RIGHT.A);
  });

  it('VTO molar intrusion of 2 mm closes the bite on the fixture film: L6 rises 2 mm, Pog comes forward', () => {
    const movements = { ...ZERO_VTO_MOVEMENT, Mx6Distal: { horizontal: 0, vertical: 2 } };
    expect(vtoContactRise(movements, 'molar')).toBe(2);
    const r = simulatePlan(FACE, FACE_CALIBRATION, choices({ movements }));
    if (!r.ok) throw new Error(r.error);
    const auto = r.result.autorotation;
    if (auto?.status !== 'ok') throw new Error('no rotation');
    expect(auto.angleDeg).toBeGreaterThan(0);
    expect(r.result.displacementsMm.L6!.y).toBeCloseTo(2, 9);
    expect(r.result.displacementsMm.U6!.y).toBeCloseTo(2, 9);
    expect(r.result.displacementsMm.Pog!.x).toBeGreaterThan(0);
    // The soft chin turns rigidly with the mandible: its distance from the hinge (Co) is kept.
    const fromCo = (p: ImagePoint) => Math.hypot(p.x - FACE.Co!.x, p.y - FACE.Co!.y);
    expect(fromCo(r.result.landmarks.stPog!)).toBeCloseTo(fromCo(FACE.stPog!), 9);
    expect(r.result.landmarks.Co).toEqual(FACE.Co);
  });

  it('without autorotation a VTO plan is exactly simulateVto; with zero rise nothing moves', () => {
    const off = simulatePlan(FACE, FACE_CALIBRATION, choices({ autorotation: { enabled: false, contact: 'molar', verticalMm: 5 } }));
    const zero = simulatePlan(FACE, FACE_CALIBRATION, choices({}));
    if (!off.ok || !zero.ok) throw new Error('failed');
    expect(off.result.autorotation).toBeNull();
    expect(off.result.landmarks).toEqual(FACE);
    expect(zero.result.landmarks).toEqual(FACE);
  });

  it('says why when there is no hinge', () => {
    const { Co: _co, ...noHinge } = RIGHT;
    const r = simulatePlan(noHinge, cal, choices({ autorotation: { enabled: true, contact: 'molar', verticalMm: 3 } }));
    if (!r.ok) throw new Error(r.error);
    expect(r.result.autorotation?.status).toBe('no-hinge');
  });
});
