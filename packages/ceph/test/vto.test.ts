import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SOFT_TISSUE_RULES,
  UNCALIBRATED,
  VTO_MOVEMENT_POINTS,
  ZERO_VTO_MOVEMENT,
  applyThinPlateSpline,
  fitThinPlateSpline,
  imagePoint,
  simulateVto,
  solveLinearSystem,
  warpImagePoint,
  warpPhotoPoint,
  type ImagePoint,
  type LandmarkMap,
  type VtoMovementTable,
  type VtoResult,
} from '../src/index.ts';
import { FACE, FACE_CALIBRATION, mapLandmarks } from './fixtures.ts';

const GRID = [
  [0, 0],
  [100, 0],
  [0, 100],
  [100, 100],
  [50, 40],
  [20, 80],
  [75, 15],
].map(([x, y]) => ({ x: x as number, y: y as number }));

describe('linear solver', () => {
  it('solves a hand-made 3×3 system and reports singular ones', () => {
    const x = solveLinearSystem(
      [
        [2, 1, -1],
        [-3, -1, 2],
        [-2, 1, 2],
      ],
      [8, -11, -3],
    );
    expect(x?.map((v) => Math.round(v * 1e9) / 1e9)).toEqual([2, 3, -1]);
    expect(
      solveLinearSystem(
        [
          [1, 2],
          [2, 4],
        ],
        [1, 2],
      ),
    ).toBeNull();
  });
});

describe('thin-plate spline', () => {
  const targets = GRID.map((p, i) => ({ x: p.x + Math.sin(i) * 7, y: p.y + Math.cos(i * 2) * 5 }));
  it('reproduces every control-point displacement', () => {
    const tps = fitThinPlateSpline(GRID, targets)!;
    GRID.forEach((p, i) => {
      const q = applyThinPlateSpline(tps, p);
      expect(q.x).toBeCloseTo(targets[i]!.x, 9);
      expect(q.y).toBeCloseTo(targets[i]!.y, 9);
    });
  });
  it('is exactly the identity with zero displacement', () => {
    const tps = fitThinPlateSpline(GRID, GRID)!;
    for (const p of [{ x: 12.345, y: -6.5 }, { x: 1e4, y: 3 }, ...GRID]) expect(applyThinPlateSpline(tps, p)).toEqual(p);
  });
  it('reproduces an affine map everywhere (no bending)', () => {
    const aff = (p: { x: number; y: number }) => ({ x: 3 + 1.2 * p.x - 0.3 * p.y, y: -4 + 0.1 * p.x + 0.9 * p.y });
    const tps = fitThinPlateSpline(GRID, GRID.map(aff))!;
    const q = applyThinPlateSpline(tps, { x: 33, y: 66 });
    expect(q.x).toBeCloseTo(aff({ x: 33, y: 66 }).x, 8);
    expect(q.y).toBeCloseTo(aff({ x: 33, y: 66 }).y, 8);
  });
  it('refuses fewer than 3 distinct points; merges duplicates', () => {
    expect(fitThinPlateSpline(GRID.slice(0, 2), GRID.slice(0, 2))).toBeNull();
    expect(fitThinPlateSpline([GRID[0]!, GRID[0]!, GRID[1]!], [GRID[0]!, GRID[0]!, GRID[1]!])).toBeNull();
    expect(fitThinPlateSpline([...GRID, GRID[4]!], [...GRID, GRID[4]!])).not.toBeNull();
  });
});

const table = (rows: Partial<Record<keyof VtoMovementTable, [number, number]>>): VtoMovementTable => ({
  ...ZERO_VTO_MOVEMENT,
  ...Object.fromEntries(Object.entries(rows).map(([k, [h, v]]) => [k, { horizontal: h, vertical: v }])),
});
const run = (lm: LandmarkMap<ImagePoint>, t: VtoMovementTable): VtoResult => {
  const r = simulateVto(lm, FACE_CALIBRATION, t);
  if (!r.ok) throw new Error(r.error);
  return r.result;
};

describe('VTO / STO', () => {
  it("has the spec's nine rows in order", () => {
    expect(VTO_MOVEMENT_POINTS.map((p) => p.label)).toEqual([
      'ANS',
      'PNS',
      'Mx1 Crown',
      'Mx6 Distal',
      'Mn1 Crown',
      'Mn6 Distal',
      'B-Point',
      'Pogonion',
      'Menton',
    ]);
  });
  it('zero movement is the identity for landmarks and for any warped point', () => {
    const r = run(FACE, ZERO_VTO_MOVEMENT);
    expect(r.landmarks).toEqual(FACE);
    for (const p of [imagePoint(10, 20), imagePoint(1234.5, 1876.25), FACE.Sn!]) expect(warpImagePoint(r, p)).toEqual(p);
  });
  it('moves table points by their mm (10 px/mm; + anterior = image right, + superior = image up)', () => {
    const r = run(FACE, table({ Pogonion: [5, 0], Menton: [0, 2], Mx1Crown: [-4, 0] }));
    expect(r.landmarks.Pog!.x - FACE.Pog!.x).toBeCloseTo(50, 9);
    expect(r.landmarks.Me!.y - FACE.Me!.y).toBeCloseTo(-20, 9);
    expect(r.landmarks.U1!.x - FACE.U1!.x).toBeCloseTo(-40, 9);
  });
  it('soft tissue follows by the reference ratios', () => {
    const r = run(FACE, table({ Pogonion: [5, 0], Mx1Crown: [-4, 0], Mn1Crown: [-2, 0] }));
    const ls = DEFAULT_SOFT_TISSUE_RULES.find((x) => x.soft === 'Ls')!.horizontal;
    const li = DEFAULT_SOFT_TISSUE_RULES.find((x) => x.soft === 'Li')!.horizontal;
    expect(r.displacementsMm.Ls!.x).toBeCloseTo(-4 * ls, 12);
    expect(r.displacementsMm.Li!.x).toBeCloseTo(-2 * li, 12);
    expect(r.displacementsMm.stPog!.x).toBeCloseTo(5, 12);
    expect(r.landmarks.Ls!.x - FACE.Ls!.x).toBeCloseTo(-40 * ls, 9);
  });
  it('segment followers move rigidly with their rows; the cranial base stays', () => {
    const r = run(FACE, table({ BPoint: [3, -1], Pogonion: [3, -1], Menton: [3, -1], ANS: [2, 0], PNS: [2, 0] }));
    expect(r.displacementsMm.Gn!.x).toBeCloseTo(3, 9);
    expect(r.displacementsMm.Gn!.y).toBeCloseTo(-1, 9);
    expect(r.displacementsMm.A!.x).toBeCloseTo(2, 9);
    expect(r.landmarks.S).toEqual(FACE.S);
    expect(r.landmarks.N).toEqual(FACE.N);
    expect(r.controls.find((c) => c.id === 'Gn')?.kind).toBe('segment');
  });
  it('the warp carries control points to their predicted positions', () => {
    const r = run(FACE, table({ Pogonion: [4, 1], Mx1Crown: [-3, 0.5], ANS: [1, 1] }));
    for (const c of r.controls) {
      const w = warpImagePoint(r, FACE[c.id]!);
      expect(w.x).toBeCloseTo(r.landmarks[c.id]!.x, 6);
      expect(w.y).toBeCloseTo(r.landmarks[c.id]!.y, 6);
    }
  });
  it('on a left-facing film + anterior moves toward image left', () => {
    const left = mapLandmarks(FACE, (p) => ({ x: 1935 - p.x, y: p.y }));
    const r = run(left, table({ Pogonion: [5, 0] }));
    expect(r.landmarks.Pog!.x - left.Pog!.x).toBeCloseTo(-50, 9);
  });
  it('warps facial-photo points through the photo alignment', () => {
    const r = run(FACE, table({ Pogonion: [5, 0] }));
    // Photo at half the film's resolution, shifted: film = 2·photo + (100, 50).
    const photoToFilm = { a: 2, b: 0, c: 0, d: 2, tx: 100, ty: 50 };
    const pogInPhoto = { x: (FACE.Pog!.x - 100) / 2, y: (FACE.Pog!.y - 50) / 2 };
    const w = warpPhotoPoint(r, photoToFilm, pogInPhoto)!;
    expect(w.x - pogInPhoto.x).toBeCloseTo(25, 6); // 5 mm = 50 film px = 25 photo px
    expect(w.y).toBeCloseTo(pogInPhoto.y, 6);
    const still = warpPhotoPoint(run(FACE, ZERO_VTO_MOVEMENT), photoToFilm, { x: 12, y: 34 })!;
    expect(still.x).toBeCloseTo(12, 12);
    expect(still.y).toBeCloseTo(34, 12);
    expect(warpPhotoPoint(r, { a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0 }, { x: 1, y: 1 })).toBeNull();
  });
  it('needs a calibrated film', () => {
    expect(simulateVto(FACE, UNCALIBRATED, ZERO_VTO_MOVEMENT).ok).toBe(false);
  });
});
