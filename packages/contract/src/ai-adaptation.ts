import { z } from 'zod';

/*
 * Clinic adaptation of the landmark model (packages/ceph adaptation/): what the server learned from
 * the landmarks an account corrected, as Settings shows it, and the switch and reset. The learned
 * shifts are kept in S-N units; the answer converts them to mm (the median S-N of the account's
 * calibrated films, else the nominal 71 mm, and `sn_mm.source` says which).
 */

/** One landmark the account's corrections moved: the shift added to the model's point. */
export const adaptedLandmarkSchema = z.object({
  /** Registry LandmarkId (packages/ceph), e.g. `Po`. */
  id: z.string().min(1).max(20),
  /** Along S-N: + anterior, - posterior, mm. */
  anterior_mm: z.number(),
  /** Across S-N: + inferior, - superior, mm. */
  inferior_mm: z.number(),
  length_mm: z.number().min(0),
  /** Corrected films this landmark was learned from. */
  films: z.number().int().min(0),
});
export type AdaptedLandmark = z.infer<typeof adaptedLandmarkSchema>;

export const aiAdaptationSchema = z.object({
  /** New detections apply the learned shifts only while this is on (default on). */
  enabled: z.boolean(),
  /** Corrected films the profile learned from (at most the newest 100 count). */
  films: z.number().int().min(0),
  /** ISO time of the last change of the learned profile; null when nothing was learned. */
  updated_at: z.string().nullable(),
  sn_mm: z.object({ value: z.number().positive(), source: z.enum(['calibrated', 'nominal']) }),
  /** Largest shift first. */
  landmarks: z.array(adaptedLandmarkSchema),
});
export type AiAdaptation = z.infer<typeof aiAdaptationSchema>;

export const aiAdaptationUpdateSchema = z.strictObject({ enabled: z.boolean() });
export type AiAdaptationUpdate = z.infer<typeof aiAdaptationUpdateSchema>;

/**
 * `GET /api/ai/adaptation`: the caller's learned conventions. `PUT` with `{ enabled }` switches
 * them on or off (learning goes on while off). `DELETE` forgets every learned film ("Reset").
 * Each answers the profile as it is afterwards.
 */
export const AI_ADAPTATION_ENDPOINT = {
  path: '/api/ai/adaptation',
  get: { method: 'GET', response: aiAdaptationSchema },
  update: { method: 'PUT', body: aiAdaptationUpdateSchema, response: aiAdaptationSchema },
  reset: { method: 'DELETE', response: aiAdaptationSchema },
} as const;
