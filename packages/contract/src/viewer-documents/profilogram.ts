import { DEFAULT_PROFILOGRAM_OPTIONS, type ProfilogramComparison, type ProfilogramOptions } from '@ceppro/ceph';
import { z } from 'zod';
import { documentMigration } from './document-migration';
import { documentRevisionsField } from '../graphql/document-revisions';
import { graphOperation } from '../graphql/operation';

/**
 * The analysis record's `profilogram_result` (spec: Viewer > profilogram): only the user's choices,
 * the options the profilogram is drawn with (standard line, registration point, scale, rotation);
 * its presence means the chart was measured (the "Measure" button, or "auto measurement on
 * profilogram"). The normative template is packages/ceph's Björk polygon (`profilogram/bjork-template.ts`).
 * The polylines and deviations are derived (docs/house-rules.md §3): packages/ceph
 * `computeProfilogramResult` computes them from the landmarks and the film's calibration with these
 * options where they are shown (the viewer) and printed (the report model), never stored.
 *
 * Version 1 also stored the computed comparison (`unit`, `polylines`, `template`, `deviations`,
 * `templateSource`), which a client effect re-saved whenever the landmarks moved; version 2 keeps
 * its options and drops the rest (`migrateProfilogramDocument`).
 *
 * Frame of the computed comparison (packages/ceph `buildProfilogram`): origin at the registration
 * point, +x along the standard line towards the face (anterior), +y superior; mm when the film is
 * calibrated, else px.
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
}) satisfies z.ZodType<ProfilogramOptions>;

/** The version of `profilogram_result` this code writes. */
export const PROFILOGRAM_DOCUMENT_VERSION = 2;

export const profilogramDocumentSchema = z.object({
  version: z.literal(PROFILOGRAM_DOCUMENT_VERSION),
  options: profilogramOptionsSchema,
});
export type ProfilogramDocument = z.infer<typeof profilogramDocumentSchema>;

/** The document that stores `options` (the chart is then measured). */
export const profilogramDocument = (options: ProfilogramOptions): ProfilogramDocument => ({
  version: PROFILOGRAM_DOCUMENT_VERSION,
  options: { standardLine: options.standardLine, point: options.point, scale: options.scale, rotate: options.rotate },
});

/**
 * A stored `profilogram_result` brought to the current version (none stored: version 1); null for
 * none or an unknown shape. 1 -> 2: the options stay, the computed comparison is dropped.
 */
export const migrateProfilogramDocument = documentMigration({
  current: PROFILOGRAM_DOCUMENT_VERSION,
  schema: profilogramDocumentSchema,
  steps: { 1: (stored) => ({ options: stored.options }) },
});

/** A stored `profilogram_result` as read back; null when there is none or its shape is unknown. */
export function readProfilogramDocument(raw: unknown): ProfilogramDocument | null {
  return migrateProfilogramDocument(raw);
}

/** The options of a stored document, or the spec's defaults (SN plane, Sella, scale 100, rotate 0). */
export function profilogramOptionsOf(document: ProfilogramDocument | null): ProfilogramOptions {
  return document?.options ?? DEFAULT_PROFILOGRAM_OPTIONS;
}

// ---------------------------------------------------------------------------------------------
// The computed comparison (never stored): the report model carries it, checked by this schema

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

/** What packages/ceph `computeProfilogramResult` gives: the profilogram as drawn, the template, the deviations. */
export const profilogramComparisonSchema = z.object({
  version: z.literal(1),
  options: profilogramOptionsSchema,
  unit: z.enum(['mm', 'px']),
  /** The patient's polylines in the drawn frame (scale and rotation applied). */
  polylines: z.array(z.object({ id: z.string().max(32), points: z.array(framePointSchema).max(32) })).max(16),
  /** The template polygon N–S–Ar–Go–Me in the same drawn frame. */
  template: z.array(framePointSchema).max(16),
  deviations: z.array(profilogramDeviationSchema).max(16),
  templateSource: z.string().max(400),
}) satisfies z.ZodType<ProfilogramComparison>;

// ---------------------------------------------------------------------------------------------
// GraphQL

const profilogramRecordSchema = z.object({
  id: z.number().int(),
  profilogram_result: z.unknown().nullable(),
  document_revisions: documentRevisionsField,
});

/** The record's stored profilogram (checked by the caller with `readProfilogramDocument`). */
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
  { id: number; result: ProfilogramDocument; base?: Record<string, string | null> | null },
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
