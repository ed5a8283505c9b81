import { describe, expect, it } from 'vitest';
import {
  DEFAULT_AUTOROTATION,
  SURGICAL_SOFT_TISSUE_RATIOS,
  UNCALIBRATED,
  ZERO_SURGICAL_PLAN,
  chosenSurgicalRatio,
  imagePoint,
  simulateSurgery,
  warpImagePoint,
  type AutorotationChoice,
  type PlanPrediction,
  type SegmentMove,
  type SurgicalPlan,
} from '../src/index.ts';
import { FACE, FACE_CALIBRATION, mapLandmarks } from './fixtures.ts';

const move = (h: number, v: number, rotation = 0, pivot?: SegmentMove['pivot']) => ({ h, v, rotation, pivot });
type Moves = Partial<Record<keyof SurgicalPlan, ReturnType<typeof move>>>;
const plan = (moves: Moves): SurgicalPlan => {
  const out = { ...ZERO_SURGICAL_PLAN };
  for (const [k, m] of Object.entries(moves) as [keyof SurgicalPlan, ReturnType<typeof move>][]) {
    out[k] = { horizontal: m.h, vertical: m.v, rotation: m.rotation, pivot: m.pivot ?? ZERO_SURGICAL_PLAN[k].pivot };
  }
  return out;
};
const run = (moves: Moves, ratios: Record<string, number> = {}, autorotation: AutorotationChoice = DEFAULT_AUTOROTATION, lm = FACE) => {
  const r = simulateSurgery(lm, FACE_CALIBRATION, { plan: plan(moves), ratios, autorotation });
  if (!r.ok) throw new Error(r.error);
  return r.result;
};
const dx = (r: PlanPrediction, id: keyof typeof FACE) => r.displacementsMm[id]!.x;
const dy = (r: PlanPrediction, id: keyof typeof FACE) => r.displacementsMm[id]!.y;

describe('surgical set-up (STO)', () => {
  it('zero movement is the identity, also with autorotation switched on', () => {
    for (const auto of [DEFAULT_AUTOROTATION, { ...DEFAULT_AUTOROTATION, enabled: true }]) {
      const r = run({}, {}, auto);
      expect(r.landmarks).toEqual(FACE);
      for (const p of [imagePoint(10, 20), FACE.Sn!, imagePoint(1500, 2100)]) expect(warpImagePoint(r, p)).toEqual(p);
    }
  });

  it('Le Fort I advancement of 5 mm moves A, ANS, U1 by exactly 5 mm and the upper lip by its ratio', () => {
    const r = run({ maxilla: move(5, 0) });
    for (const id of ['A', 'ANS', 'PNS', 'U1', 'U6'] as const) {
      expect(dx(r, id)).toBeCloseTo(5, 12);
      expect(dy(r, id)).toBeCloseTo(0, 12);
      expect(r.landmarks[id]!.x - FACE[id]!.x).toBeCloseTo(50, 9); // 10 px/mm, right-facing
    }
    expect(dx(r, 'Ls')).toBeCloseTo(0.2 * 5, 12); // [S26] 3-D default
    expect(dx(r, 'Prn')).toBeCloseTo(0.17 * 5, 12);
    expect(dx(r, 'B')).toBe(0);
    expect(dx(r, 'Pog')).toBe(0);
    expect(r.landmarks.S).toEqual(FACE.S);
    expect(run({ maxilla: move(5, 0) }, { lefortAdvanceUpperLip: 0.5 }).displacementsMm.Ls!.x).toBeCloseTo(2.5, 12);
  });

  it('a Le Fort I setback uses the setback ratio for the upper lip', () => {
    const r = run({ maxilla: move(-4, 0) });
    expect(dx(r, 'A')).toBeCloseTo(-4, 12);
    expect(dx(r, 'Ls')).toBeCloseTo(-4 * 0.14, 12);
  });

  it('a maxillary rotation turns the segment about its pivot (the pivot stays)', () => {
    const r = run({ maxilla: move(0, 0, 10, 'U1') });
    expect(dx(r, 'U1')).toBeCloseTo(0, 12);
    expect(dy(r, 'U1')).toBeCloseTo(0, 12);
    // ANS relative to U1 in mm (patient frame: x anterior, y up), turned 10° counter-clockwise.
    const v = { x: (FACE.ANS!.x - FACE.U1!.x) / 10, y: -(FACE.ANS!.y - FACE.U1!.y) / 10 };
    const c = Math.cos(Math.PI / 18);
    const s = Math.sin(Math.PI / 18);
    expect(dx(r, 'ANS')).toBeCloseTo(c * v.x - s * v.y - v.x, 9);
    expect(dy(r, 'ANS')).toBeCloseTo(s * v.x + c * v.y - v.y, 9);
  });

  it('BSSO advancement moves the distal mandible and the soft chin 1:1, the lower lip by its ratio, not the ramus', () => {
    const r = run({ mandible: move(4, 1) });
    for (const id of ['B', 'Pog', 'Me', 'L1', 'L6'] as const) {
      expect(dx(r, id)).toBeCloseTo(4, 12);
      expect(dy(r, id)).toBeCloseTo(1, 12);
    }
    expect(dx(r, 'stPog')).toBeCloseTo(4, 12);
    expect(dx(r, 'Li')).toBeCloseTo(0.66 * 4, 12);
    expect(dx(r, 'Go')).toBe(0);
    expect(dx(r, 'A')).toBe(0);
  });

  it('BSSO setback: the soft chin follows 1.1:1 with the men ratio', () => {
    const r = run({ mandible: move(-5, 0) }, { bssoSetbackChin: 1.1 });
    expect(dx(r, 'Pog')).toBeCloseTo(-5, 12);
    expect(dx(r, 'stPog')).toBeCloseTo(-5.5, 12);
    expect(dx(r, 'stB')).toBeCloseTo(-5.5, 12);
  });

  it('a genioplasty moves Pog, Gn, Me and the soft chin, not B or L1', () => {
    const r = run({ chin: move(3, -2) });
    for (const id of ['Pog', 'Gn', 'Me', 'stPog', 'stGn', 'stMe'] as const) {
      expect(dx(r, id)).toBeCloseTo(3, 12);
      expect(dy(r, id)).toBeCloseTo(-2, 12);
    }
    for (const id of ['B', 'L1', 'stB', 'Li'] as const) {
      expect(dx(r, id)).toBe(0);
      expect(dy(r, id)).toBe(0);
    }
  });

  it('the chin move adds to the BSSO move', () => {
    const r = run({ mandible: move(4, 0), chin: move(2, 0) });
    expect(dx(r, 'Pog')).toBeCloseTo(6, 12);
    expect(dx(r, 'B')).toBeCloseTo(4, 12);
  });

  it('a maxillary impaction with autorotation closes the mandible: the molar contact rises by the impaction', () => {
    const r = run({ maxilla: move(0, 3) }, {}, { enabled: true, contact: 'molar', verticalMm: 0 });
    expect(r.autorotation?.status).toBe('ok');
    if (r.autorotation?.status !== 'ok') return;
    expect(r.autorotation.hinge).toBe('Co');
    expect(r.autorotation.planRiseMm).toBeCloseTo(3, 12);
    expect(r.autorotation.angleDeg).toBeGreaterThan(0);
    expect(dy(r, 'L6')).toBeCloseTo(3, 9);
    expect(dx(r, 'Pog')).toBeGreaterThan(0); // closing brings the chin forward
    // Go and the soft chin turn on their circles about Co (rigidly with the mandible).
    const radius = (p: { x: number; y: number }) => Math.hypot(p.x - FACE.Co!.x, p.y - FACE.Co!.y);
    expect(radius(r.landmarks.Go!)).toBeCloseTo(radius(FACE.Go!), 9);
    expect(radius(r.landmarks.stPog!)).toBeCloseTo(radius(FACE.stPog!), 9);
  });

  it('needs a calibrated film; chosen ratios are clamped', () => {
    expect(simulateSurgery(FACE, UNCALIBRATED, { plan: ZERO_SURGICAL_PLAN, ratios: {}, autorotation: DEFAULT_AUTOROTATION }).ok).toBe(
      false,
    );
    const rule = SURGICAL_SOFT_TISSUE_RATIOS.find((r) => r.id === 'lefortAdvanceUpperLip')!;
    expect([
      chosenSurgicalRatio(rule, {}),
      chosenSurgicalRatio(rule, { lefortAdvanceUpperLip: 9 }),
      chosenSurgicalRatio(rule, { lefortAdvanceUpperLip: -1 }),
    ]).toEqual([0.2, 1.5, 0]);
  });

  it('on a left-facing film an advancement moves toward image left', () => {
    const left = mapLandmarks(FACE, (p) => ({ x: 1935 - p.x, y: p.y }));
    const r = run({ maxilla: move(5, 0) }, {}, DEFAULT_AUTOROTATION, left);
    expect(r.landmarks.ANS!.x - left.ANS!.x).toBeCloseTo(-50, 9);
  });

  it('every ratio has a source and its default among its choices', () => {
    for (const r of SURGICAL_SOFT_TISSUE_RATIOS) {
      expect(r.source.length).toBeGreaterThan(10);
      expect(r.choices.map((c) => c.value)).toContain(r.defaultRatio);
    }
  });
});
