import { z } from 'zod';

/**
 * `user_config.plane_list`: which reference planes the viewer draws (Settings > reference plane).
 * The ids are the viewer's planes (its `REFERENCE_PLANES`); the viewer's "Ref. plane" toggle still
 * hides them all. No document (null) means every plane, the state before the user chose any.
 */
export const REFERENCE_PLANE_IDS = ['sn', 'fh', 'palatal', 'occlusal', 'mandibular', 'facial', 'e-line'] as const;
export type ReferencePlaneId = (typeof REFERENCE_PLANE_IDS)[number];

export const planeListDocumentSchema = z.object({
  version: z.literal(1),
  planes: z.array(z.enum(REFERENCE_PLANE_IDS)).max(REFERENCE_PLANE_IDS.length),
});
export type PlaneListDocument = z.infer<typeof planeListDocumentSchema>;

/**
 * A stored `plane_list` as read back: the document, or null when there is none or its shape is
 * unknown (an old or foreign document is ignored: every plane is drawn, nothing crashes).
 */
export function readPlaneList(raw: unknown): PlaneListDocument | null {
  const parsed = planeListDocumentSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** The `plane_list` field of a user-config response, parsed leniently (see `readPlaneList`). */
export const planeListFieldSchema = z
  .unknown()
  .optional()
  .transform((raw) => readPlaneList(raw));
