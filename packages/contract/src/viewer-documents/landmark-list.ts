import { isLandmarkId, type LandmarkId } from '@ceppro/ceph';
import { z } from 'zod';

/**
 * `user_config.landmark_list`: which landmarks the viewer shows on the film (Settings > landmarks).
 * Stored as the landmarks *hidden*, so a landmark a later version adds is shown until the user hides
 * it. The viewer's "Landmark" toggle still hides them all; a selected landmark shows even when hidden.
 * No document (null) means every landmark, the state before the user chose any.
 */
export const LANDMARK_LIST_VERSION = 1;

export const landmarkListDocumentSchema = z.object({
  version: z.literal(LANDMARK_LIST_VERSION),
  /** Registry landmark ids (packages/ceph `LANDMARKS`). */
  hidden: z.array(z.string().max(20)).max(200),
});
export type LandmarkListDocument = z.infer<typeof landmarkListDocumentSchema>;

/**
 * A stored `landmark_list` as read back: the document with the ids this version knows, or null when
 * there is none or its shape is unknown (an old or foreign document is ignored: every landmark shows).
 */
export function readLandmarkList(raw: unknown): { version: 1; hidden: LandmarkId[] } | null {
  const parsed = landmarkListDocumentSchema.safeParse(raw);
  return parsed.success ? { version: LANDMARK_LIST_VERSION, hidden: parsed.data.hidden.filter(isLandmarkId) } : null;
}

/** The `landmark_list` field of a user-config response, parsed leniently (see `readLandmarkList`). */
export const landmarkListFieldSchema = z
  .unknown()
  .optional()
  .transform((raw) => readLandmarkList(raw));
