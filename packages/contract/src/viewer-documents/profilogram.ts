import { DEFAULT_PROFILOGRAM_OPTIONS, type ProfilogramComparison, type ProfilogramOptions } from '@ceppro/ceph';
import { z } from 'zod';
import { documentMigration } from './document-migration';
import { documentRevisionsField } from '../graphql/document-revisions';
import { graphOperation } from '../graphql/operation';

/**
 * The analysis record's `profilogram_result` (spec: Viewer > profilogram) and the normative template
 * it is compared with. packages/ceph computes it (`computeProfilogramResult`, the Björk template in
 * `profilogram/bjork-template.ts`): the viewer computes and stores it, the server's PDF report
 * recomputes it from the landmarks with the stored options (docs/house-rules.md §3), so both print the same.
 *
 * Frame (packages/ceph `buildProfilogram`): origin at the registration point, +x along the standard
 * line towards the face (anterior), +y superior; mm when the film is calibrated, else px.
 */

// ---------------------------------------------------------------------------------------------
// Stored document

export const PROFILOGRAM_STANDARD_LINES = ['SN', 'FH', 'SN-7'] as const;
export const PROFILOGRAM_POINTS = ['S', 'N'] as const;

export const profilogramOptionsSchema = z.object({
  standardLine: z.enum(PROFILOGRAM_STANDARD_LINES),
  point: z.enum(PROFILOGRAM_POINTS),
  /** Percent of true size: 50–200. */
  scale: z.number().min(50).max(200),
  /** Degrees counter-clockwise, −180 to 180. */
  rotate: z.number().min(-180).max(180),
});

const framePointSchema = z.object({ id: z.string().max(16), x: z.number().finite(), y: z.number().finite() });

export const profilogramDeviationSchema = z.object({
  id: z.string().max(16),
  /** Patient − template along the standard line (+ anterior) and across it (+ superior), true size. */
  dx: z.number().finite(),
  dy: z.number().finite(),
  /** ±1 SD of the template point (the norms' SDs propagated), same unit. */
  rangeX: z.number().nonnegative().finite(),
  rangeY: z.number().nonnegative().finite(),
  outside: z.boolean(),
});
export type ProfilogramDeviation = z.infer<typeof profilogramDeviationSchema>;

export const profilogramResultSchema = z.object({
  version: z.literal(1),
  options: profilogramOptionsSchema,
  unit: z.enum(['mm', 'px']),
  /** The patient's polylines in the drawn frame (scale and rotation applied). */
  polylines: z.array(z.object({ id: z.string().max(32), points: z.array(framePointSchema).max(32) })).max(16),
  /** The template polygon N–S–Ar–Go–Me in the same drawn frame. */
  template: z.array(framePointSchema).max(16),
  deviations: z.array(profilogramDeviationSchema).max(16),
  templateSource: z.string().max(400),
}) satisfies z.ZodType<ProfilogramComparison>; // the stored document is what packages/ceph computes
export type ProfilogramResult = z.infer<typeof profilogramResultSchema>;

/** A stored `profilogram_result` as read back; null when there is none or its shape is unknown. */
export function readProfilogramResult(raw: unknown): ProfilogramResult | null {
  return migrateProfilogramResult(raw);
}

/** A stored `profilogram_result` brought to the current version (none stored: version 1); null for an unknown one. */
export const migrateProfilogramResult = documentMigration({ current: 1, schema: profilogramResultSchema });

/** The options of a stored result, or the spec's defaults (SN plane, Sella, scale 100, rotate 0). */
export function profilogramOptionsOf(result: ProfilogramResult | null): ProfilogramOptions {
  return result?.options ?? DEFAULT_PROFILOGRAM_OPTIONS;
}

// ---------------------------------------------------------------------------------------------
// GraphQL

const profilogramRecordSchema = z.object({
  id: z.number().int(),
  profilogram_result: z.unknown().nullable(),
  document_revisions: documentRevisionsField,
});

/** The record's stored profilogram (checked by the caller with `readProfilogramResult`). */
export const profilogramRecordQuery = graphOperation<
  { id: number },
  { analysis_records: { items: z.infer<typeof profilogramRecordSchema>[] } }
>(
  /* GraphQL */ `
    query ProfilogramRecord($id: Int!) {
      analysis_records(filter: { id: $id }) {
        items {
          id
          profilogram_result
          document_revisions
        }
      }
    }
  `,
  z.object({ analysis_records: z.object({ items: z.array(profilogramRecordSchema) }) }),
);

/** Writes only `profilogram_result` (the server updates just the fields given; the document is this feature's alone). */
/** `base`: the document's revision as last read or saved (`document_revisions`); another user's save since is CONFLICT. */
export const updateProfilogramMutation = graphOperation<
  { id: number; result: ProfilogramResult; base?: Record<string, string | null> | null },
  { update_analysis_record: z.infer<typeof profilogramRecordSchema> }
>(
  /* GraphQL */ `
    mutation UpdateProfilogram($id: Int!, $result: JSON, $base: JSON) {
      update_analysis_record(id: $id, input: { profilogram_result: $result }, base_documents: $base) {
        id
        profilogram_result
        document_revisions
      }
    }
  `,
  z.object({ update_analysis_record: profilogramRecordSchema }),
);

/** The user's "auto measurement on profilogram" setting (Settings); null until the user saved a setting. */
export const profilogramAutoQuery = graphOperation<Record<string, never>, { user_config: { auto_measurement_NY: boolean } | null }>(
  /* GraphQL */ `
    query ProfilogramAuto {
      user_config {
        auto_measurement_NY
      }
    }
  `,
  z.object({ user_config: z.object({ auto_measurement_NY: z.boolean() }).nullable() }),
);
