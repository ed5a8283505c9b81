import { describe, expect, it } from 'vitest';
import {
  applyAffine,
  REGIONAL_LANDMARKS,
  registrationLandmarks,
  superimpose,
  type Affine2,
  type ImagePoint,
  type LandmarkId,
  type LandmarkMap,
  type SuperimpositionMethod,
  type Tracing,
} from '../src/index.ts';
import { FACE, FACE_CALIBRATION, mapLandmarks } from './fixtures.ts';

const rigid = (deg: number, tx: number, ty: number): Affine2 => {
  const r = (deg * Math.PI) / 180;
  return { a: Math.cos(r), b: Math.sin(r), c: -Math.sin(r), d: Math.cos(r), tx, ty };
};
const tracing = (id: string, date: string, landmarks: LandmarkMap<ImagePoint>): Tracing => ({
  id,
  date,
  landmarks,
  calibration: FACE_CALIBRATION,
});

/**
 * Film 2: the regional bone moved by `bone`, every other landmark by `rest` (so a cranial-base
 * registration would not line the bone up), and one tooth landmark `tooth` moved 20 px image-right
 * (= 2 mm anterior on this right-facing 10 px/mm film) before its bone's move.
 */
function secondFilm(region: readonly LandmarkId[], tooth: LandmarkId): LandmarkMap<ImagePoint> {
  const bone = rigid(6, 35, -20);
  const rest = rigid(-3, -15, 40);
  const inRegion = new Set<LandmarkId>([...region, tooth]);
  const out: Partial<Record<LandmarkId, ImagePoint>> = {};
  for (const [id, p] of Object.entries(FACE) as [LandmarkId, ImagePoint][]) {
    const start = id === tooth ? { x: p.x + 20, y: p.y } : p;
    const q = applyAffine(inRegion.has(id) ? bone : rest, start);
    out[id] = q as ImagePoint;
  }
  return out;
}

describe('registration landmark sets', () => {
  it.each<[SuperimpositionMethod, readonly string[]]>([
    [{ kind: 'sn-at-s' }, ['S', 'N']],
    [{ kind: 'best-fit' }, ['S', 'N', 'Ba', 'Or', 'Po', 'Pt', 'Ptm', 'Bo']],
    [{ kind: 'best-fit', landmarks: ['S', 'Ba'] }, ['S', 'Ba']],
    [{ kind: 'maxilla' }, ['ANS', 'PNS']],
    [{ kind: 'mandible' }, ['Pog', 'Pm', 'Gn', 'Me', 'D']],
  ])('%o registers on %o', (method, ids) => {
    expect(registrationLandmarks(method)).toEqual(ids);
  });

  it('keeps alveolar points (A, B) out of the regional sets', () => {
    expect(REGIONAL_LANDMARKS.maxilla).not.toContain('A');
    expect(REGIONAL_LANDMARKS.mandible).not.toContain('B');
  });
});

describe('regional superimposition', () => {
  it.each<[{ kind: 'maxilla' | 'mandible' }, LandmarkId]>([
    [{ kind: 'maxilla' }, 'U1'],
    [{ kind: 'mandible' }, 'L1'],
  ])('%o: the bone lines up exactly and the tooth shows its own 2 mm forward move', (method, tooth) => {
    const region = REGIONAL_LANDMARKS[method.kind];
    const r = superimpose([tracing('old', '2020-01-01', FACE), tracing('new', '2021-06-01', secondFilm(region, tooth))], method);
    if (!r.ok) throw new Error(r.error);
    const t = r.tracings[1]!;
    expect(r.unit).toBe('mm');
    expect(t.registeredOn).toEqual(region);
    expect(t.rmsResidual).toBeCloseTo(0, 9);
    const d = t.displacements.find((x) => x.id === tooth)!;
    expect(d.dx).toBeCloseTo(2, 9);
    expect(d.dy).toBeCloseTo(0, 9);
    // A landmark of the rest of the face does not line up under this registration.
    const s = t.displacements.find((x) => x.id === 'S')!;
    expect(Math.hypot(s.dx, s.dy)).toBeGreaterThan(1);
  });

  it('uses only the landmarks both films have (Pm and D missing on one film)', () => {
    const second = secondFilm(REGIONAL_LANDMARKS.mandible, 'L1');
    const { Pm: _pm, D: _d, ...withoutInner } = second;
    const r = superimpose([tracing('old', '2020-01-01', FACE), tracing('new', '2021-06-01', withoutInner)], { kind: 'mandible' });
    if (!r.ok) throw new Error(r.error);
    expect(r.tracings[1]!.registeredOn).toEqual(['Pog', 'Gn', 'Me']);
    expect(r.tracings[1]!.rmsResidual).toBeCloseTo(0, 9);
  });

  it('says which landmarks are missing when a film lacks the palatal plane', () => {
    const { ANS: _ans, ...noAns } = mapLandmarks(FACE, (p) => p);
    const r = superimpose([tracing('old', '2020-01-01', FACE), tracing('new', '2021-06-01', noAns)], { kind: 'maxilla' });
    expect(r).toEqual({ ok: false, error: 'new: best fit needs at least 2 non-coincident common landmarks of: ANS, PNS' });
  });
});
