import type { LandmarkId, Vec2 } from '@ceppro/ceph';
import { describe, expect, it } from 'vitest';
import {
  applyDefinitions,
  findConstructedGonion,
  findLowestMenton,
  findMachinePorion,
  MENTON_PARAMS,
} from '../src/inference/definitions/index.ts';
import type { GreyImage } from '../src/inference/patches.ts';

// Synthetic films: a mid-grey background with deterministic noise, S-N = 400 px, and the structure a
// finder looks for drawn antialiased (a pixel's value follows the share of it inside the shape).
const W = 900;
const H = 1000;
const S = { x: 200, y: 300 };
const N = { x: 600, y: 300 };

function film(paint: (x: number, y: number) => number, noise = 6): GreyImage {
  const data = new Uint8Array(W * H);
  let seed = 12345;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const n = ((seed / 2147483648) * 2 - 1) * noise;
      data[y * W + x] = Math.max(0, Math.min(255, Math.round(paint(x + 0.5, y + 0.5) + n)));
    }
  }
  return { data, width: W, height: H };
}

/** 1 inside, 0 outside, linear over one pixel across the boundary at signed distance 0 (negative = inside). */
const inside = (signedDistance: number) => Math.max(0, Math.min(1, 0.5 - signedDistance));

const blank = film(() => 120);

describe('machine porion (ear-rod ring)', () => {
  const centre = { x: 250, y: 560 };
  const radius = 48; // 0.12 × S-N, like an ISBI film
  const ring = (c: Vec2, r: number, amp: number) => (x: number, y: number) =>
    amp * inside(Math.abs(Math.hypot(x - c.x, y - c.y) - r) - 1.5);
  const po = { x: 245, y: 500 };

  it('finds a drawn ring and returns the top of its outer edge', () => {
    const img = film((x, y) => 120 + ring(centre, radius, 40)(x, y));
    const got = findMachinePorion(img, po, 400);
    expect(got).not.toBeNull();
    expect(got!.rings).toHaveLength(1);
    expect(got!.rings[0]!.radius).toBeGreaterThan(radius - 3);
    expect(got!.rings[0]!.radius).toBeLessThan(radius + 3);
    expect(got!.point.x).toBeCloseTo(centre.x, -0.5); // within ±1.6 px
    expect(Math.abs(got!.point.y - (centre.y - radius - 1.5))).toBeLessThan(2.5);
  });

  it('takes the midpoint of both tops when two ear-rod rings show', () => {
    const other = { x: 262, y: 566 };
    const img = film((x, y) => 120 + Math.max(ring(centre, radius, 30)(x, y), ring(other, 44, 30)(x, y)));
    const got = findMachinePorion(img, po, 400);
    expect(got?.rings).toHaveLength(2);
    const tops = (centre.y - radius - 1.5 + (other.y - 44 - 1.5)) / 2;
    expect(Math.abs(got!.point.x - (centre.x + other.x) / 2)).toBeLessThan(2.5);
    expect(Math.abs(got!.point.y - tops)).toBeLessThan(2.5);
  });

  it('returns null when there is no ring, or only a bright disc', () => {
    expect(findMachinePorion(blank, po, 400)).toBeNull();
    const disc = film((x, y) => 120 + 40 * inside(Math.hypot(x - centre.x, y - centre.y) - radius));
    expect(findMachinePorion(disc, po, 400)).toBeNull();
  });

  it('is deterministic', () => {
    const img = film((x, y) => 120 + ring(centre, radius, 25)(x, y));
    expect(findMachinePorion(img, po, 400)).toEqual(findMachinePorion(img, po, 400));
  });
});

describe('constructed gonion (ramus and lower-border tangents)', () => {
  // Bone above the lower border y = 700 and in front of a ramus border through the corner (300, 700)
  // leaning 30° back from vertical: a 120° gonial angle with a sharp corner.
  const corner = { x: 300, y: 700 };
  const back = { x: -0.5, y: -Math.sqrt(3) / 2 }; // up the ramus
  const front = { x: Math.sqrt(3) / 2, y: -0.5 }; // normal to the ramus, into the bone
  const bone = film((x, y) => {
    const intoRamus = (x - corner.x) * front.x + (y - corner.y) * front.y;
    return 70 + 90 * inside(-Math.min(intoRamus, corner.y - y));
  });
  const ar = { x: corner.x + 300 * back.x, y: corner.y + 300 * back.y };
  const pts = { ar, go: { x: 306, y: 690 }, me: { x: 650, y: 700 } };

  it('finds both borders and intersects their tangents at the corner', () => {
    const got = findConstructedGonion(bone, pts, 400);
    expect(got).not.toBeNull();
    expect(Math.hypot(got!.intersection.x - corner.x, got!.intersection.y - corner.y)).toBeLessThan(3);
    // tangent directions: the ramus leans 30°, the lower border is level
    expect(Math.abs(Math.abs(got!.ramus.direction.x) - 0.5)).toBeLessThan(0.03);
    expect(Math.abs(got!.lowerBorder.direction.y)).toBeLessThan(0.03);
    // the bisector meets this sharp angle's contour at the corner
    expect(got!.contourEdge).toBe(true);
    expect(Math.hypot(got!.onContour.x - corner.x, got!.onContour.y - corner.y)).toBeLessThan(4);
  });

  it('returns null when the film shows no border, and is deterministic', () => {
    expect(findConstructedGonion(blank, pts, 400)).toBeNull();
    expect(findConstructedGonion(bone, pts, 400)).toEqual(findConstructedGonion(bone, pts, 400));
  });
});

describe('lowest menton (symphysis outline)', () => {
  const d = { x: 500, y: 600 };
  const r = 80;
  const chin = film((x, y) => 60 + 110 * inside(Math.hypot(x - d.x, y - d.y) - r));
  const pts = { s: S, n: N, d, me: { x: 500, y: 680 }, gn: { x: 557, y: 657 }, pog: { x: 580, y: 600 } };

  it('takes the lowest outline point perpendicular to SN−7°', () => {
    // SN level and facing right: "down" is (−sin 7°, cos 7°), so the lowest point is r along it from D.
    const want = { x: d.x - r * Math.sin((7 * Math.PI) / 180), y: d.y + r * Math.cos((7 * Math.PI) / 180) };
    const got = findLowestMenton(chin, pts);
    expect(got).not.toBeNull();
    expect(Math.hypot(got!.point.x - want.x, got!.point.y - want.y)).toBeLessThan(1.5);
  });

  it('against the image rows it is straight below D', () => {
    const got = findLowestMenton(chin, pts, { ...MENTON_PARAMS, reference: 'image' });
    expect(Math.hypot(got!.point.x - d.x, got!.point.y - (d.y + r))).toBeLessThan(1.5);
  });

  it('returns null without an outline, and is deterministic', () => {
    expect(findLowestMenton(blank, pts)).toBeNull();
    expect(findLowestMenton(chin, pts)).toEqual(findLowestMenton(chin, pts));
  });
});

describe('applyDefinitions', () => {
  const ringFilm = film((x, y) => 120 + 40 * inside(Math.abs(Math.hypot(x - 250, y - 560) - 48) - 1.5));
  const points: Partial<Record<LandmarkId, Vec2>> = { S, N, Po: { x: 245, y: 500 }, Go: { x: 300, y: 700 }, Me: { x: 500, y: 680 } };

  it('the default profile changes nothing', () => {
    const got = applyDefinitions(ringFilm, points, { Po: 'anatomical', Go: 'anatomical', Me: 'isbi' });
    expect(got.points).toEqual(points);
    expect(got.applied).toEqual([
      { id: 'Po', choice: 'anatomical', found: true },
      { id: 'Go', choice: 'anatomical', found: true },
      { id: 'Me', choice: 'isbi', found: true },
    ]);
  });

  it('moves porion to the ring and says what it could not compute', () => {
    const got = applyDefinitions(ringFilm, points, { Po: 'machine', Go: 'constructed', Me: 'lowest' });
    expect(Math.abs(got.points.Po!.y - (560 - 48 - 1.5))).toBeLessThan(2.5);
    expect(got.points.Go).toEqual(points.Go);
    expect(got.points.Me).toEqual(points.Me);
    expect(got.applied).toEqual([
      { id: 'Po', choice: 'machine', found: true },
      { id: 'Go', choice: 'constructed', found: false, reason: 'missing-landmarks' }, // no Ar
      { id: 'Me', choice: 'lowest', found: false, reason: 'missing-landmarks' }, // no D, Gn, Pog
    ]);
  });

  it('keeps the anatomical porion when the film shows no ring', () => {
    const got = applyDefinitions(blank, points, { Po: 'machine', Go: 'anatomical', Me: 'isbi' });
    expect(got.points.Po).toEqual(points.Po);
    expect(got.applied[0]).toEqual({ id: 'Po', choice: 'machine', found: false, reason: 'not-on-film' });
  });
});
