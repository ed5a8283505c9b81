import type { ImagePoint } from '../geometry/units.ts';
import { constructLandmarks } from './constructed.ts';
import type { LandmarkId, LandmarkMap } from './types.ts';

/*
 * The one shape of a film's landmarks inside the product, from the model's output to the viewer
 * and the report: keyed by registry id, positions in image px of the original upload (origin
 * top-left, y down), the model's points and the user's kept apart (house rule §4). The stored JSON
 * (`infer_result` / `modified_result`, cname + name + x + y) and the REST `boxs` are its
 * documented projections (packages/contract stored-landmarks.ts).
 */

/** A landmark as the model placed it. */
export interface AiLandmark {
  readonly point: ImagePoint;
  /** The model's calibrated confidence in [0, 1]; null when the stored result carries none. */
  readonly confidence: number | null;
  /** The name the model stored it under (`Sella`, ...): kept for display and for tests that match by it. */
  readonly name: string;
  /**
   * Where the point is not the model's own output (a clinic definition or the clinic adaptation moved
   * it): the model's own output (`point` is the one shown).
   */
  readonly raw?: ImagePoint;
  /**
   * The account's landmark definition (packages/ceph definitions/, e.g. `machine` porion) applied to
   * this point and found on the film: its id and the point it gives, before any adaptation. The
   * clinic adaptation adds its shift to `defined` and learns relative to it.
   */
  readonly definition?: { readonly choice: string; readonly point: ImagePoint };
}

/** A film's landmarks: the model's and the user's (moved or hand-placed), each by registry id. */
export interface FilmLandmarks {
  readonly ai: LandmarkMap<AiLandmark>;
  readonly edited: LandmarkMap<ImagePoint>;
}

/**
 * What is shown and measured: per landmark the user's point where there is one, else the model's,
 * else one found on the film (`found`, e.g. R1-R4 by contours/ramus-points.ts, which needs the image and
 * so is computed by the caller), else one constructed from those (constructed.ts: recomputed on every
 * call, so it follows its source points, and never built over a point the user placed) (image px). Keys
 * keep the model's order, then the user's own additions, then the found and the constructed points.
 * Found and constructed points are both "constructed" to `landmarkProvenance`: neither the model's nor the user's.
 */
export function mergePositions(
  ai: LandmarkMap<AiLandmark>,
  edited: LandmarkMap<ImagePoint>,
  found: LandmarkMap<ImagePoint> = {},
): LandmarkMap<ImagePoint> {
  const out: LandmarkMap<ImagePoint> = {};
  for (const [id, l] of Object.entries(ai) as [LandmarkId, AiLandmark][]) out[id] = l.point;
  const placed = { ...out, ...edited };
  const withFound = { ...placed };
  for (const [id, p] of Object.entries(found) as [LandmarkId, ImagePoint][]) if (withFound[id] === undefined) withFound[id] = p;
  return { ...withFound, ...constructLandmarks(withFound) };
}

/** Where a shown point came from: the model, the user (moved or placed), or constructed from others. */
export type LandmarkProvenance = 'ai' | 'human' | 'constructed';

/** Provenance of a landmark of `positions` (`mergePositions(ai, edited)`); `null` when it is not shown. */
export function landmarkProvenance(
  id: LandmarkId,
  landmarks: FilmLandmarks & { readonly positions: LandmarkMap<ImagePoint> },
): LandmarkProvenance | null {
  if (landmarks.edited[id] !== undefined) return 'human';
  if (landmarks.ai[id] !== undefined) return 'ai';
  return landmarks.positions[id] !== undefined ? 'constructed' : null;
}
