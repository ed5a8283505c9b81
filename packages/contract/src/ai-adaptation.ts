import { LANDMARK_DEFINITION_CHOICES, type LandmarkDefinitionChoices } from '@ceppro/ceph';
import { z } from 'zod';
import { endpoint } from './endpoint';

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

/** The ids of one landmark's definition choices, as a zod enum (packages/ceph `LANDMARK_DEFINITION_CHOICES`). */
function choiceSchema<C extends string>(entry: LandmarkDefinitionChoices<C>) {
  return z.enum(entry.choices.map((c) => c.id) as [C, ...C[]]);
}

/**
 * The account's landmark definitions where schools differ (packages/ceph definitions/): porion,
 * gonion, menton. New detections compute the chosen ones from the model's points and the film; the
 * defaults are the model's own.
 */
export const definitionProfileSchema = z.object({
  Po: choiceSchema(LANDMARK_DEFINITION_CHOICES.Po),
  Go: choiceSchema(LANDMARK_DEFINITION_CHOICES.Go),
  Me: choiceSchema(LANDMARK_DEFINITION_CHOICES.Me),
});
export type DefinitionProfileInput = z.infer<typeof definitionProfileSchema>;

export const aiAdaptationSchema = z.object({
  /** New detections apply the learned shifts only while this is on (default on). */
  enabled: z.boolean(),
  /** The landmark definitions new detections use, every one present (defaults filled). */
  definitions: definitionProfileSchema,
  /** Corrected films the profile learned from (at most the newest 100 count). */
  films: z.number().int().min(0),
  /** ISO time of the last change of the learned profile; null when nothing was learned. */
  updated_at: z.string().nullable(),
  sn_mm: z.object({ value: z.number().positive(), source: z.enum(['calibrated', 'nominal']) }),
  /** Largest shift first. */
  landmarks: z.array(adaptedLandmarkSchema),
});
export type AiAdaptation = z.infer<typeof aiAdaptationSchema>;

/**
 * `PUT`: the switch, the definitions (only the landmarks given change), or both; at least one. An
 * unknown choice or key is refused (400 VALIDATION_FAILED).
 */
export const aiAdaptationUpdateSchema = z
  .strictObject({
    enabled: z.boolean().optional(),
    definitions: z.strictObject(definitionProfileSchema.partial().shape).optional(),
  })
  .refine((u) => u.enabled !== undefined || (u.definitions !== undefined && Object.keys(u.definitions).length > 0), {
    message: 'give enabled, definitions, or both',
  });
export type AiAdaptationUpdate = z.infer<typeof aiAdaptationUpdateSchema>;

/**
 * `GET /api/ai/adaptation`: the caller's learned conventions and landmark definitions. `PUT` with
 * `{ enabled }` switches the learned shifts on or off (learning goes on while off), with
 * `{ definitions }` chooses landmark definitions for new detections. `DELETE` forgets every learned
 * film ("Reset"; the definitions stay). Each answers the profile as it is afterwards.
 */
const AI_ADAPTATION_PATH = '/api/ai/adaptation';
export const AI_ADAPTATION_ENDPOINT = {
  path: AI_ADAPTATION_PATH,
  get: endpoint({ method: 'GET', path: AI_ADAPTATION_PATH, auth: 'user', response: aiAdaptationSchema }),
  /** Audited as `landmarks.definitions` when it names definitions, else `landmarks.adaptation_switch`. */
  update: endpoint({
    method: 'PUT',
    path: AI_ADAPTATION_PATH,
    auth: 'user',
    request: aiAdaptationUpdateSchema,
    response: aiAdaptationSchema,
    audit: 'landmarks.adaptation_switch',
  }),
  reset: endpoint({
    method: 'DELETE',
    path: AI_ADAPTATION_PATH,
    auth: 'user',
    response: aiAdaptationSchema,
    audit: 'landmarks.adaptation_reset',
  }),
} as const;
