import { z } from 'zod';
import { reportLangSchema } from '../report-labels';
import { reportVtoSchema } from '../report-model/schema';
import { CONSULTATION_MEASUREMENT_IDS } from './consultation-labels';

/**
 * The consultation model (consultation-model.ts `buildConsultationModel`): what the full-screen view and
 * the one-page PDF show a patient. Texts are already in the model's language; the tracing is SVG path
 * data in film px of the original upload.
 */

const pathSchema = z.object({ id: z.string(), d: z.string() });

/** The chart's facial photo: aligned to the film by the plan (the morph can be drawn), there but not aligned, or absent. */
export const consultationPhotoStateSchema = z.enum(['aligned', 'not-aligned', 'none']);
export type ConsultationPhotoState = z.infer<typeof consultationPhotoStateSchema>;

export const consultationModelSchema = z.object({
  lang: reportLangSchema,
  /** The calendar day of the request in the browser's time zone (yyyy-mm-dd). */
  date: z.string(),
  clinic: z.string().nullable(),
  patientName: z.string(),
  chartId: z.string(),
  plan: z.object({
    /** ok: a plan that moves something, predicted; none: no plan or one that moves nothing; uncalibrated: no mm scale. */
    state: z.enum(['ok', 'none', 'uncalibrated', 'failed']),
    /** The plan's movements in plain words, one per moved row. */
    sentences: z.array(z.string()),
    /** The expected soft-tissue changes (lips, chin, nose tip). */
    soft: z.array(z.string()),
  }),
  measurements: z.array(
    z.object({
      id: z.enum(CONSULTATION_MEASUREMENT_IDS),
      name: z.string(),
      explain: z.string(),
      /** "5.0°" (a measurement the film's landmarks do not give is left out). */
      today: z.string(),
      after: z.string().nullable(),
      /** "0 – 4°" in the chart's norm set; null where none is published. */
      range: z.string().nullable(),
    }),
  ),
  film: z.object({
    size: z.object({ width: z.number().positive(), height: z.number().positive() }).nullable(),
    today: z.array(pathSchema),
    /** Empty without a predicted plan. */
    predicted: z.array(pathSchema),
  }),
  photo: consultationPhotoStateSchema,
  /** The photo morph's inputs (the report's), when the plan aligned the chart's live photo. */
  morph: reportVtoSchema.shape.morph.unwrap().unwrap().nullable(),
});
export type ConsultationModel = z.infer<typeof consultationModelSchema>;
