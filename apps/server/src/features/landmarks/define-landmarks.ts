import { isModelOutputChoice, type DefinitionProfile, type LandmarkId, type Vec2 } from '@ceppro/ceph';
import { storedAiLandmarkId, type InferDefinitions, type StoredLandmark } from '@ceppro/contract';
import type { DefinitionsResult } from '../../inference/definitions';

/** The model's landmarks with the account's definitions applied, and what `infer_result.definitions` records. */
export interface DefinedLandmarks<L> {
  readonly landmarks: L[];
  readonly definitions: InferDefinitions;
  /** Landmarks whose chosen definition could not be computed on this film (they keep the model's point). */
  readonly missed: readonly LandmarkId[];
}

/** The model's landmarks by registry id (image px): what the definitions are computed from (`LandmarkModel.define`). */
export function definitionPoints(landmarks: readonly StoredLandmark[]): Partial<Record<LandmarkId, Vec2>> {
  const points: Partial<Record<LandmarkId, Vec2>> = {};
  for (const l of landmarks) {
    const id = storedAiLandmarkId(l);
    if (id !== null && points[id] === undefined) points[id] = { x: l.x, y: l.y };
  }
  return points;
}

/**
 * The model's landmarks (stored shape, image px) with the account's landmark definitions applied:
 * `result` is inference/definitions `applyDefinitions` on the film and `definitionPoints(landmarks)`
 * (deterministic, computed in the inference worker). A landmark moved to its chosen definition keeps
 * the model's own point in `raw` and gets `definition` (the choice) and `defined` (the point it gives,
 * which the clinic adaptation then shifts and learns from); every other landmark comes back as it was.
 */
export function defineModelLandmarks<L extends StoredLandmark>(
  result: DefinitionsResult,
  landmarks: readonly L[],
  profile: DefinitionProfile,
): DefinedLandmarks<L> {
  const moved = new Map<LandmarkId, { choice: string; point: Vec2 }>();
  for (const a of result.applied) {
    const point = result.points[a.id];
    if (a.found && point !== undefined && !isModelOutputChoice(a.id, a.choice)) moved.set(a.id, { choice: a.choice, point });
  }
  const seen = new Set<LandmarkId>();
  const out = landmarks.map((l) => {
    const id = storedAiLandmarkId(l);
    const to = id === null || seen.has(id) ? undefined : moved.get(id);
    if (id !== null) seen.add(id);
    if (!to) return l;
    const defined = { x: to.point.x, y: to.point.y };
    return { ...l, ...defined, raw: l.raw ?? { x: l.x, y: l.y }, definition: to.choice, defined };
  });
  return {
    landmarks: out,
    definitions: {
      profile: { ...profile },
      applied: result.applied.map((a) => ({
        id: a.id,
        choice: a.choice,
        found: a.found,
        ...(a.reason !== undefined && { reason: a.reason }),
      })),
    },
    missed: result.applied.filter((a) => !a.found && !isModelOutputChoice(a.id, a.choice)).map((a) => a.id),
  };
}
