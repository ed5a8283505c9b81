import { DEFINABLE_LANDMARKS, isModelOutputChoice, LANDMARK_DEFINITION_CHOICES, type DefinableLandmarkId } from '@ceppro/ceph';
import type { RecordLandmarks } from '@ceppro/contract';

/** The account's definition of one landmark on this film, when it is not the model's own. */
export interface FilmDefinition {
  readonly id: DefinableLandmarkId;
  /** The chosen definition (`machine`). */
  readonly choice: string;
  /** The model's own definition, what is shown when the chosen one was not found (`anatomical`). */
  readonly fallback: string;
  /** `applied`: the point follows `choice`; otherwise the film did not show it or its inputs were missing. */
  readonly status: 'applied' | 'not-found' | 'missing-inputs';
}

const isDefinable = (id: string): id is DefinableLandmarkId => (DEFINABLE_LANDMARKS as readonly string[]).includes(id);

/**
 * What the detection applied to landmark `id` of this film (`infer_result.definitions`: the account's
 * choices then, not now); null when the landmark kept the model's own definition or the film has none.
 */
export function filmDefinition(definitions: RecordLandmarks['definitions'], id: string): FilmDefinition | null {
  if (definitions === null || !isDefinable(id)) return null;
  const applied = definitions.applied.find((a) => a.id === id);
  if (!applied || isModelOutputChoice(id, applied.choice)) return null;
  const status = applied.found ? 'applied' : applied.reason === 'missing-landmarks' ? 'missing-inputs' : 'not-found';
  return { id, choice: applied.choice, fallback: LANDMARK_DEFINITION_CHOICES[id].defaultChoice, status };
}
