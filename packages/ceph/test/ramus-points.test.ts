import { describe, expect, it } from 'vitest';
import {
  RAMUS_ESTIMATE,
  findRamusPoints,
  imagePoint,
  landmarkProvenance,
  mergePositions,
  type GrayImage,
  type LandmarkMap,
  type Vec2,
} from '../src/index.ts';

/*
 * A synthetic ramus, facing right (anterior = +x), FH horizontal (Po (20, 20), Or (180, 20)): bright bone
 * (200) on dark (60). Posterior border x = 60; anterior border x = 125 + 0.01·(y − 100)², deepest (most
 * posterior) at y = 100, so R1 = (125, 100); the bone's top between condyle and coronoid is
 * y = max(40, 75 − 0.03·(x − 100)²), lowest at x = 100, so R3 = (100, 75); the body below y = 140 reaches
 * x = 190 and the lower border is y = 160, so R2 = (60, 100) and R4 = (100, 160).
 * Ar (60, 50), Go (60, 160), Co (65, 40), Me (190, 160): L = |Ar − Go| = 110.
 */
const W = 200;
const H = 200;
const anterior = (y: number) => 125 + 0.01 * (y - 100) ** 2;
const top = (x: number) => Math.max(40, 75 - 0.03 * (x - 100) ** 2);
const isBone = (x: number, y: number) =>
  x >= 60 && y <= 160 && ((y >= 140 && x <= 190) || (x <= anterior(y) && y >= top(x)) || (x <= 75 && y >= 40));

function image(value: (x: number, y: number) => number, mirror = false): GrayImage {
  const data = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) data[y * W + x] = value(mirror ? W - 1 - x : x, y);
  return { width: W, height: H, data };
}

const ramus = image((x, y) => (isBone(x, y) ? 200 : 60));
const positions: LandmarkMap<Vec2> = {
  Ar: { x: 60, y: 50 },
  Go: { x: 60, y: 160 },
  Co: { x: 65, y: 40 },
  Me: { x: 190, y: 160 },
  Po: { x: 20, y: 20 },
  Or: { x: 180, y: 20 },
};
const mirrored = (p: Vec2): Vec2 => ({ x: W - 1 - p.x, y: p.y });

const near = (p: Vec2, q: Vec2, tol: number) =>
  expect(Math.hypot(p.x - q.x, p.y - q.y), `${JSON.stringify(p)} vs ${JSON.stringify(q)}`).toBeLessThan(tol);

describe('findRamusPoints (R1-R4 found on the film)', () => {
  it('finds the deepest anterior border point, the notch, and their opposite points (hand-computed)', () => {
    const r = findRamusPoints(ramus, positions, 1);
    expect(r?.source).toEqual({ R1: 'image', R2: 'image', R3: 'image', R4: 'image' });
    near(r!.points.R1, { x: 125, y: 100 }, 2);
    near(r!.points.R2, { x: 60, y: 100 }, 2);
    near(r!.points.R3, { x: 100, y: 75 }, 2);
    near(r!.points.R4, { x: 100, y: 160 }, 2);
    // R2 on the line ∥ FH through R1, R4 on the line ⟂ FH through R3.
    expect(r!.points.R2.y).toBeCloseTo(r!.points.R1.y, 6);
    expect(r!.points.R4.x).toBeCloseTo(r!.points.R3.x, 6);
  });

  it('finds the same points on a film facing left (mirrored)', () => {
    const left = image((x, y) => (isBone(x, y) ? 200 : 60), true);
    const pos = Object.fromEntries(Object.entries(positions).map(([id, p]) => [id, mirrored(p)])) as LandmarkMap<Vec2>;
    const r = findRamusPoints(left, pos, 1);
    expect(r?.source.R1).toBe('image');
    expect(r?.source.R3).toBe('image');
    near(r!.points.R1, mirrored({ x: 125, y: 100 }), 2);
    near(r!.points.R3, mirrored({ x: 100, y: 75 }), 2);
  });

  it('works on a reduced film: points come back in original px', () => {
    // The same film at twice the size, handed in at scale 0.5 (the 200 px film is the reduced copy).
    const big = Object.fromEntries(Object.entries(positions).map(([id, p]) => [id, { x: p.x * 2, y: p.y * 2 }])) as LandmarkMap<Vec2>;
    const r = findRamusPoints(ramus, big, 0.5);
    near(r!.points.R1, { x: 250, y: 200 }, 4);
    near(r!.points.R3, { x: 200, y: 150 }, 4);
  });

  it('falls back to the population estimate on a film without borders, and says so', () => {
    const flat = image(() => 120);
    const r = findRamusPoints(flat, positions, 1);
    expect(r?.source).toEqual({ R1: 'estimate', R2: 'estimate', R3: 'estimate', R4: 'estimate' });
    // Posterior border = the straight Ar-Go guide (x = 60); L = 110.
    const level = 50 + RAMUS_ESTIMATE.r1Level * 110;
    near(r!.points.R1, { x: 60 + RAMUS_ESTIMATE.r1Width * 110, y: level }, 0.01);
    near(r!.points.R2, { x: 60, y: level }, 0.01);
    near(r!.points.R3, { x: 65 + RAMUS_ESTIMATE.r3Forward * 110, y: 40 + RAMUS_ESTIMATE.r3Below * 110 }, 0.01);
    // The line ⟂ FH through R3 meets the lower border Go-Me (y = 160).
    near(r!.points.R4, { x: 65 + RAMUS_ESTIMATE.r3Forward * 110, y: 160 }, 0.01);
  });

  it('needs Ar, Go, Co, Po, Or and Me', () => {
    const { Co: _co, ...withoutCo } = positions;
    expect(findRamusPoints(ramus, withoutCo, 1)).toBeNull();
  });
});

describe('found points in mergePositions', () => {
  const ai = (x: number, y: number) => ({ point: imagePoint(x, y), confidence: 0.9, name: '' });
  const model = { Po: ai(20, 20), Or: ai(180, 20) };
  const found = { R1: imagePoint(125, 100), R2: imagePoint(60, 100), R3: imagePoint(100, 75), R4: imagePoint(100, 160) };

  it('adds them where nobody placed one, builds Xi from them and marks both constructed', () => {
    const positions = mergePositions(model, {}, found);
    expect(positions.R1).toEqual({ x: 125, y: 100 });
    // Xi = centre of the rectangle x ∈ {125, 60}, y ∈ {75, 160} (FH horizontal): (92.5, 117.5).
    expect(positions.Xi?.x).toBeCloseTo(92.5, 9);
    expect(positions.Xi?.y).toBeCloseTo(117.5, 9);
    expect(landmarkProvenance('R1', { ai: model, edited: {}, positions })).toBe('constructed');
    expect(landmarkProvenance('Xi', { ai: model, edited: {}, positions })).toBe('constructed');
  });

  it("never replaces the user's point", () => {
    const positions = mergePositions(model, { R1: imagePoint(130, 90) }, found);
    expect(positions.R1).toEqual({ x: 130, y: 90 });
    expect(positions.Xi?.x).toBeCloseTo(95, 9);
  });
});
