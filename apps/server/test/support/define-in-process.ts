import type { DefinitionProfile, LandmarkId, Vec2 } from '@ceppro/ceph';
import { applyDefinitions, type DefinitionsResult } from '../../src/inference/definitions/index.ts';
import { decodeGrey } from '../../src/inference/image-input.ts';

/**
 * `LandmarkModel.define` for stand-in detectors: the production code computed in the test's own
 * thread (the InferencePool runs exactly this in its worker).
 */
export async function defineInProcess(
  bytes: Uint8Array,
  points: Partial<Record<LandmarkId, Vec2>>,
  profile: DefinitionProfile,
): Promise<DefinitionsResult> {
  return applyDefinitions(await decodeGrey(bytes), points, profile);
}
