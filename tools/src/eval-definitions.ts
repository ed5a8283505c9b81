import {
  DEFINABLE_LANDMARKS,
  LANDMARK_DEFINITION_CHOICES,
  landmarkIdFromName,
  type DefinitionProfile,
  type LandmarkId,
  type Vec2,
} from '@ceppro/ceph';
import { applyDefinitions, type AppliedDefinition } from '../../apps/server/src/inference/definitions/index.ts';
import { decodeGrey } from '../../apps/server/src/inference/image-input.ts';
import type { PredictedPoint } from './landmark-eval.ts';

/**
 * `--definitions Po=machine,Go=constructed`: the landmark definitions a clinic chose in Settings,
 * applied to each detection as the server applies them (inference/definitions) before it is
 * scored and before clinic adaptation learns. Null when none is given; throws on an unknown one.
 */
export function parseDefinitions(value: string | undefined): DefinitionProfile | null {
  if (value === undefined) return null;
  const profile: Record<string, string> = { Po: 'anatomical', Go: 'anatomical', Me: 'isbi' };
  for (const part of value.split(',').filter(Boolean)) {
    const [id, choice] = part.split('=') as [string, string | undefined];
    const entry = DEFINABLE_LANDMARKS.includes(id as (typeof DEFINABLE_LANDMARKS)[number])
      ? LANDMARK_DEFINITION_CHOICES[id as (typeof DEFINABLE_LANDMARKS)[number]]
      : null;
    if (!entry || !entry.choices.some((c) => c.id === choice))
      throw new Error(`--definitions ${part}: use ${DEFINABLE_LANDMARKS.map((l) => `${l}=${choicesOf(l)}`).join(', ')}`);
    profile[id] = choice!;
  }
  return profile as unknown as DefinitionProfile;
}

const choicesOf = (l: (typeof DEFINABLE_LANDMARKS)[number]) => LANDMARK_DEFINITION_CHOICES[l].choices.map((c) => c.id).join('|');

/** One film's detection with the chosen definitions applied (model order kept), and what was applied. */
export async function defineDetection(
  bytes: Uint8Array,
  landmarks: readonly PredictedPoint[],
  modelLandmarks: readonly { name: string; index: number }[],
  profile: DefinitionProfile,
): Promise<{ landmarks: PredictedPoint[]; applied: readonly AppliedDefinition[] }> {
  const grey = await decodeGrey(bytes);
  const points: Partial<Record<LandmarkId, Vec2>> = {};
  const indexOf = new Map<LandmarkId, number>();
  for (const l of modelLandmarks) {
    const id = landmarkIdFromName(l.name);
    const p = landmarks[l.index];
    if (id && p) {
      points[id] = { x: p.x, y: p.y };
      indexOf.set(id, l.index);
    }
  }
  const { points: defined, applied } = applyDefinitions(grey, points, profile);
  const out = landmarks.map((l) => ({ ...l }));
  for (const a of applied) {
    const i = indexOf.get(a.id);
    const p = defined[a.id];
    if (a.found && i !== undefined && p) out[i] = { ...out[i]!, x: p.x, y: p.y };
  }
  return { landmarks: out, applied };
}
