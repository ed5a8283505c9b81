import type { Vec2 } from '@ceppro/ceph';
import type { GreyImage } from '../patches.ts';
import { boxBlur, gridToImage, sampleGrid } from './grey-grid.ts';
import { ringCandidates } from './ring-hough.ts';
import { bestRadius, outerRadiusAtTop } from './ring-profile.ts';

/**
 * Machine porion: the top of the cephalostat's ear-rod ring, a radio-opaque ring (often two, one per ear
 * rod, at slightly different magnifications) near the anatomical porion. Every length below is a fraction
 * of the film's S-N distance, so the search is the same on any resolution or device.
 *
 * Method: the window around the detected porion is resampled to a fixed grid (S-N = 200 grid px); a
 * circular Hough transform of its bright ridges proposes candidate circles (ring-hough.ts); each is
 * refined and checked on its radial profile (ring-profile.ts): a ring is a bright line exactly at its
 * radius along most of the visible circumference. A clear ring decides alone; two fainter rings of
 * similar size, slightly off-centre from each other (the two ear rods), confirm each other.
 */
export interface RingParams {
  /** Grid px per S-N (the window's resolution). */
  readonly gridPerSn: number;
  /** Ring radius range, fraction of S-N (rods differ between devices). */
  readonly minRadius: number;
  readonly maxRadius: number;
  /** Ring centres are searched within this distance (fraction of S-N) of `porion + centreOffset`. */
  readonly centreSearch: number;
  /** Expected centre relative to the detected porion (fraction of S-N, image y down). */
  readonly centreOffsetY: number;
  /** Coverage (share of the visible circumference showing the ring, see ring-profile.ts) a lone ring needs. */
  readonly minCoverage: number;
  /** Coverage each ring of a pair needs (two ear rods at slightly different magnifications confirm each other). */
  readonly minPairCoverage: number;
  /** Brightness margin (grey levels) the ring must exceed both sides of its profile by. */
  readonly minContrast: number;
}

export const RING_PARAMS: RingParams = {
  gridPerSn: 200,
  minRadius: 0.05,
  maxRadius: 0.18,
  centreSearch: 0.25,
  centreOffsetY: 0.08,
  minCoverage: 0.75,
  minPairCoverage: 0.55,
  minContrast: 2,
};

/** A ring found on the film, in image px. */
export interface EarRodRing {
  readonly centre: Vec2;
  readonly radius: number;
  /** Top of the ring's outer edge (image vertical: the cephalostat's vertical). */
  readonly top: Vec2;
  /** Share of the visible circumference that shows the ring (0..1). */
  readonly coverage: number;
}

/** Rings around the detected porion (best first; two when both ear rods show) and the machine porion. */
export interface MachinePorion {
  readonly point: Vec2;
  readonly rings: readonly EarRodRing[];
}

/** Hough candidates checked on their profile. */
const MAX_CANDIDATES = 16;

/**
 * Find the ear-rod ring(s) near the detected porion `po` (image px); `snLength` is |S−N| in image px.
 * Returns the machine porion (top of the ring; the midpoint of both tops when two rings of similar size
 * show) or `null` when no ring passes the checks. Deterministic.
 */
export function findMachinePorion(img: GreyImage, po: Vec2, snLength: number, p: RingParams = RING_PARAMS): MachinePorion | null {
  if (!(snLength > 0)) return null;
  const step = snLength / p.gridPerSn;
  const rMin = Math.round(p.minRadius * p.gridPerSn);
  const rMax = Math.round(p.maxRadius * p.gridPerSn);
  const reach = Math.round(p.centreSearch * p.gridPerSn);
  const size = 2 * (reach + rMax + 3) + 1;
  const centre = { x: po.x, y: po.y + p.centreOffsetY * snLength };
  const g = boxBlur(sampleGrid(img, centre, size, step), 1);
  const picked = ringCandidates(g, rMin, rMax, reach, MAX_CANDIDATES);
  const rings: EarRodRing[] = [];
  for (const c of picked) {
    // Refine on the profile, radius first (±3 grid px) then centre (the 8 neighbours, radius ±0.5): the
    // ring's centre line is where coverage peaks.
    const k0 = rMin + c.k;
    const first = bestRadius(g, c.x, c.y, Math.max(rMin, k0 - 3), Math.min(rMax, k0 + 3), p.minContrast);
    let best = { x: c.x, y: c.y, ...first };
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        if (dx === 0 && dy === 0) continue;
        const near = bestRadius(g, c.x + dx, c.y + dy, Math.max(rMin, first.r - 0.5), Math.min(rMax, first.r + 0.5), p.minContrast);
        if (near.cov > best.cov) best = { x: c.x + dx, y: c.y + dy, ...near };
      }
    }
    if (best.cov < Math.min(p.minCoverage, p.minPairCoverage)) continue;
    if (rings.some((q) => Math.hypot(q.centre.x - gridToImage(g, best).x, q.centre.y - gridToImage(g, best).y) < 2 * step)) continue;
    const ro = outerRadiusAtTop(g, best.x, best.y, best.r);
    rings.push({
      centre: gridToImage(g, best),
      radius: best.r * step,
      top: gridToImage(g, { x: best.x, y: best.y - ro }),
      coverage: best.cov,
    });
  }
  // Two ear rods show as rings of similar size, visibly off-centre from each other (beam divergence).
  const partners = (a: EarRodRing, b: EarRodRing) => {
    const rm = Math.max(a.radius, b.radius);
    const dc = Math.hypot(a.centre.x - b.centre.x, a.centre.y - b.centre.y);
    return a !== b && Math.abs(a.radius - b.radius) < 0.2 * rm && dc > 0.12 * rm && dc < 0.7 * rm && b.coverage >= p.minPairCoverage;
  };
  const both = (a: EarRodRing, b: EarRodRing): MachinePorion => ({
    point: { x: (a.top.x + b.top.x) / 2, y: (a.top.y + b.top.y) / 2 },
    rings: [a, b],
  });
  rings.sort((a, b) => b.coverage - a.coverage || b.radius - a.radius);
  const best = rings[0];
  if (best === undefined) return null;
  // A clear ring decides; a partner of it, if any, joins it.
  if (best.coverage >= p.minCoverage) {
    const partner = rings.find((r) => partners(best, r));
    return partner === undefined ? { point: best.top, rings: [best] } : both(best, partner);
  }
  // Otherwise two fainter rings that confirm each other.
  for (const a of rings) {
    if (a.coverage < p.minPairCoverage) break;
    const partner = rings.find((r) => partners(a, r));
    if (partner !== undefined) return both(a, partner);
  }
  return null;
}
