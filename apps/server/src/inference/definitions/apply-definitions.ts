import {
  DEFINABLE_LANDMARKS,
  type DefinableLandmarkId,
  type DefinitionProfile,
  dist,
  isModelOutputChoice,
  type LandmarkId,
  type Vec2,
} from '@ceppro/ceph';
import type { GreyImage } from '../patches.ts';
import { findMachinePorion } from './ear-rod-ring.ts';
import { findConstructedGonion } from './mandible-border.ts';
import { findLowestMenton } from './symphysis.ts';

/** Why a chosen definition could not be computed (the detected point is kept). */
export type DefinitionMiss = 'missing-landmarks' | 'not-on-film';

/** What happened to one landmark with alternative definitions. */
export interface AppliedDefinition {
  readonly id: DefinableLandmarkId;
  readonly choice: string;
  /** True when the point now follows `choice` (always for the model's own definition). */
  readonly found: boolean;
  /** Set when `found` is false. */
  readonly reason?: DefinitionMiss;
}

export interface DefinitionsResult {
  /** The input points, with the chosen definitions applied where they could be computed (image px). */
  readonly points: Partial<Record<LandmarkId, Vec2>>;
  readonly applied: readonly AppliedDefinition[];
}

type Points = Partial<Record<LandmarkId, Vec2>>;

function need(points: Points, ids: readonly LandmarkId[]): Vec2[] | null {
  const out: Vec2[] = [];
  for (const id of ids) {
    const p = points[id];
    if (p === undefined || !Number.isFinite(p.x) || !Number.isFinite(p.y)) return null;
    out.push(p);
  }
  return out;
}

/** The chosen point of one landmark, `undefined` when its inputs are missing, `null` when the film does not show it. */
function compute(grey: GreyImage, points: Points, id: DefinableLandmarkId, choice: string): Vec2 | null | undefined {
  if (id === 'Po') {
    const p = need(points, ['S', 'N', 'Po']);
    if (p === null) return undefined;
    const [s, n, po] = p as [Vec2, Vec2, Vec2];
    return findMachinePorion(grey, po, dist(s, n))?.point ?? null;
  }
  if (id === 'Go') {
    const p = need(points, ['S', 'N', 'Ar', 'Go', 'Me']);
    if (p === null) return undefined;
    const [s, n, ar, go, me] = p as [Vec2, Vec2, Vec2, Vec2, Vec2];
    const g = findConstructedGonion(grey, { ar, go, me }, dist(s, n));
    if (g === null) return null;
    return choice === 'tangent-intersection' ? g.intersection : g.onContour;
  }
  const p = need(points, ['S', 'N', 'D', 'Me', 'Gn', 'Pog']);
  if (p === null) return undefined;
  const [s, n, d, me, gn, pog] = p as [Vec2, Vec2, Vec2, Vec2, Vec2, Vec2];
  return findLowestMenton(grey, { s, n, d, me, gn, pog })?.point ?? null;
}

/**
 * Apply a clinic's landmark definitions to the model's points (image px of `grey`, the decoded film).
 * Deterministic; a few tens of ms per film. A choice that cannot be computed (inputs missing, or the film
 * does not show the structure: no ear-rod ring, no mandibular border) leaves the detected point as it is
 * and says so in `applied`.
 */
export function applyDefinitions(
  grey: GreyImage,
  points: Partial<Record<LandmarkId, Vec2>>,
  profile: DefinitionProfile,
): DefinitionsResult {
  const out: Partial<Record<LandmarkId, Vec2>> = { ...points };
  const applied: AppliedDefinition[] = [];
  for (const id of DEFINABLE_LANDMARKS) {
    const choice = profile[id];
    if (isModelOutputChoice(id, choice)) {
      applied.push(points[id] === undefined ? { id, choice, found: false, reason: 'missing-landmarks' } : { id, choice, found: true });
      continue;
    }
    const at = compute(grey, points, id, choice);
    if (at === undefined) applied.push({ id, choice, found: false, reason: 'missing-landmarks' });
    else if (at === null) applied.push({ id, choice, found: false, reason: 'not-on-film' });
    else {
      out[id] = at;
      applied.push({ id, choice, found: true });
    }
  }
  return { points: out, applied };
}
