import { describe, expect, it } from 'vitest';
import {
  IDENTITY_AFFINE,
  acuteAngle,
  along,
  angleBetween,
  applyAffine,
  applyAffineToVector,
  affineRotation,
  affineScale,
  bisectorDirection,
  composeAffine,
  cross,
  dist,
  dot,
  imageToScreen,
  intersectLines,
  invertAffine,
  midpoint,
  norm,
  perp,
  projectionFoot,
  rotate,
  screenToImage,
  signedAngle,
  signedDistance,
  similarityAffine,
  sub,
  toDegrees,
  toRadians,
  unit,
  vertexAngle,
} from '../src/index.ts';

const S2 = Math.SQRT2;

describe('vector helpers (hand-computed)', () => {
  it.each([
    ['sub', sub({ x: 4, y: 6 }, { x: 1, y: 2 }), { x: 3, y: 4 }],
    ['midpoint', midpoint({ x: 0, y: 0 }, { x: 4, y: -2 }), { x: 2, y: -1 }],
    ['perp', perp({ x: 1, y: 0 }), { x: -0, y: 1 }],
    ['unit', unit({ x: 3, y: 4 }), { x: 0.6, y: 0.8 }],
  ])('%s', (_name, got, want) => {
    expect(got).toEqual(want);
  });
  it('dot, cross, norm, dist', () => {
    expect(dot({ x: 1, y: 2 }, { x: 3, y: 4 })).toBe(11);
    expect(cross({ x: 1, y: 0 }, { x: 0, y: 1 })).toBe(1);
    expect(norm({ x: 3, y: 4 })).toBe(5);
    expect(dist({ x: 1, y: 1 }, { x: 4, y: 5 })).toBe(5);
    expect(unit({ x: 0, y: 0 })).toBeNull();
  });
  it('rotate by 90° is perp', () => {
    const r = rotate({ x: 2, y: 1 }, Math.PI / 2);
    expect(r.x).toBeCloseTo(-1, 12);
    expect(r.y).toBeCloseTo(2, 12);
  });
});

describe('angles (degrees, y-up frame)', () => {
  it.each([
    // u, w, ang, sang, acute
    [{ x: 1, y: 0 }, { x: 0, y: 1 }, 90, 90, 90],
    [{ x: 1, y: 0 }, { x: 0, y: -1 }, 90, -90, 90],
    [{ x: 1, y: 0 }, { x: 1, y: 1 }, 45, 45, 45],
    [{ x: 1, y: 0 }, { x: -1, y: 1 }, 135, 135, 45],
    [{ x: 1, y: 0 }, { x: -1, y: 0 }, 180, 180, 0],
    [{ x: 1, y: 0 }, { x: 2, y: 0 }, 0, 0, 0],
    [{ x: 1, y: 0 }, { x: Math.sqrt(3), y: -1 }, 30, -30, 30],
  ])('ang/sang/acute of %o, %o', (u, w, a, s, ac) => {
    expect(angleBetween(u, w)).toBeCloseTo(a, 10);
    expect(signedAngle(u, w)).toBeCloseTo(s, 10);
    expect(acuteAngle(u, w)).toBeCloseTo(ac, 10);
  });
  it('vertex angle and degeneracy', () => {
    expect(vertexAngle({ x: 1, y: 0 }, { x: 0, y: 0 }, { x: 0, y: 5 })).toBeCloseTo(90, 12);
    expect(vertexAngle({ x: 0, y: 0 }, { x: 0, y: 0 }, { x: 0, y: 5 })).toBeNull();
    expect(angleBetween({ x: 0, y: 0 }, { x: 1, y: 0 })).toBeNull();
    expect(toDegrees(Math.PI)).toBe(180);
    expect(toRadians(180)).toBe(Math.PI);
  });
});

describe('lines', () => {
  const down = { a: { x: 0, y: 10 }, b: { x: 0, y: 0 } }; // superior → inferior
  const ant = { a: { x: 0, y: 0 }, b: { x: 10, y: 0 } }; // posterior → anterior
  it.each([
    ['point anterior of a superior→inferior line is +', { x: 3, y: 5 }, down, 3],
    ['point posterior is −', { x: -2, y: 5 }, down, -2],
    ['point above a posterior→anterior line is +', { x: 4, y: 2 }, ant, 2],
    ['point below is −', { x: 4, y: -7 }, ant, -7],
  ])('sd: %s', (_label, p, line, want) => {
    expect(signedDistance(p, line)).toBeCloseTo(want, 12);
  });
  it('sd on a degenerate line is null', () => {
    expect(signedDistance({ x: 1, y: 1 }, { a: { x: 0, y: 0 }, b: { x: 0, y: 0 } })).toBeNull();
  });
  it('along, projection foot, intersection, bisector', () => {
    expect(along({ x: 3, y: 4 }, { x: 2, y: 0 })).toBe(3);
    expect(along({ x: 1, y: 1 }, { x: 1, y: 1 })).toBeCloseTo(S2, 12);
    expect(along({ x: 1, y: 1 }, { x: 0, y: 0 })).toBeNull();
    expect(projectionFoot({ x: 3, y: 4 }, ant)).toEqual({ x: 3, y: 0 });
    expect(intersectLines({ a: { x: 0, y: 0 }, b: { x: 2, y: 2 } }, { a: { x: 0, y: 2 }, b: { x: 2, y: 0 } })).toEqual({ x: 1, y: 1 });
    expect(intersectLines(ant, { a: { x: 0, y: 1 }, b: { x: 5, y: 1 } })).toBeNull();
    const b = bisectorDirection({ x: 1, y: 0 }, { x: 0, y: 0 }, { x: 0, y: 1 });
    expect(b?.x).toBeCloseTo(1 / S2, 12);
    expect(b?.y).toBeCloseTo(1 / S2, 12);
  });
});

describe('affine transforms', () => {
  const t = similarityAffine(2, Math.PI / 2, 5, -1);
  it('applies a similarity (hand-computed)', () => {
    const p = applyAffine(t, { x: 1, y: 0 });
    expect(p.x).toBeCloseTo(5, 12);
    expect(p.y).toBeCloseTo(1, 12);
    const v = applyAffineToVector(t, { x: 0, y: 1 });
    expect(v.x).toBeCloseTo(-2, 12);
    expect(v.y).toBeCloseTo(0, 12);
    expect(affineScale(t)).toBeCloseTo(2, 12);
    expect(affineRotation(t)).toBeCloseTo(Math.PI / 2, 12);
  });
  it('compose with the inverse is the identity', () => {
    const inv = invertAffine(t);
    expect(inv).not.toBeNull();
    const id = composeAffine(inv ?? IDENTITY_AFFINE, t);
    for (const k of ['a', 'b', 'c', 'd', 'tx', 'ty'] as const) expect(id[k]).toBeCloseTo(IDENTITY_AFFINE[k], 12);
    expect(invertAffine({ a: 1, b: 1, c: 1, d: 1, tx: 0, ty: 0 })).toBeNull();
  });
  it('screen ↔ image round trip', () => {
    const view = { scale: 2.5, translateX: 30, translateY: -12 };
    const img = screenToImage({ x: 130, y: 38 }, view);
    expect(img).toEqual({ x: 40, y: 20 });
    expect(imageToScreen(img, view)).toEqual({ x: 130, y: 38 });
  });
});
