import { z } from 'zod';
import { documentMigration } from './document-migration';
import { documentRevisionsField } from '../graphql/document-revisions';
import { graphOperation } from '../graphql/operation';
import { CHART_FIELDS, chartSchema } from '../graphql/patients';
import {
  affineTransformSchema,
  SUPERIMPOSITION_FILM_COLOURS,
  superimpositionMethodSchema,
  type SuperimpositionResponse,
} from '../planning';

/**
 * The viewer's Superimposition tab as stored on the CURRENT chart's analysis record
 * (`superimposition_data`, docs/house-rules.md §11: it carries a version). The films are named by their
 * charts' `chart_id` (UUID) strings, as the superimposition endpoint takes them; the current chart is
 * always one of them (the output is drawn in its film's pixel space).
 *
 * Only the user's choices are stored (issue 29): the superimposition itself (films with their transforms
 * and landmarks in the current film's pixels, the movement table) is computed by the superimposition
 * endpoint where it is shown, and again by the report where it is printed (`summariseSuperimposition`).
 */

export const SUPERIMPOSITION_MAX_FILMS = 4;
export const SUPERIMPOSITION_MIN_FILMS = 2;

const storedPointSchema = z.object({ id: z.string().min(1).max(50), x: z.number().finite(), y: z.number().finite() });

export const superimpositionFilmSummarySchema = z.object({
  chart_id: z.string(),
  /** The film's chart data row (its cephalogram), to fetch its image for blending. */
  chart_data_id: z.number().int(),
  shoot_date: z.string().nullable(),
  colour: z.enum(SUPERIMPOSITION_FILM_COLOURS),
  image: z.object({ width: z.number().positive(), height: z.number().positive() }),
  /** This film's pixels -> the current film's pixels. */
  transform: affineTransformSchema,
  rms_residual: z.number().finite(),
  registered_on: z.array(z.string()),
  /** This film's landmarks mapped into the current film's pixels. */
  landmarks: z.array(storedPointSchema).max(200),
});
export type SuperimpositionFilmSummary = z.infer<typeof superimpositionFilmSummarySchema>;

export const superimpositionMovementSchema = z.object({
  id: z.string(),
  from_chart_id: z.string(),
  to_chart_id: z.string(),
  dx: z.number().finite(),
  dy: z.number().finite(),
  distance: z.number().finite(),
});
export type SuperimpositionMovement = z.infer<typeof superimpositionMovementSchema>;

export const superimpositionResultSummarySchema = z.object({
  /** ISO time the server answered. */
  computed_at: z.string(),
  method: superimpositionMethodSchema,
  unit: z.enum(['mm', 'px']),
  frame_chart_id: z.string(),
  films: z.array(superimpositionFilmSummarySchema).min(SUPERIMPOSITION_MIN_FILMS).max(SUPERIMPOSITION_MAX_FILMS),
  movements: z.array(superimpositionMovementSchema).max(1000),
});
export type SuperimpositionResultSummary = z.infer<typeof superimpositionResultSummarySchema>;

/** The version of `superimposition_data` this code writes (2: the computed `result` is no longer stored). */
export const SUPERIMPOSITION_DATA_VERSION = 2;

export const superimpositionDataSchema = z.object({
  version: z.literal(SUPERIMPOSITION_DATA_VERSION),
  /** The chosen films (chart_id strings), the current chart included; 1 to 4. */
  chart_ids: z.array(z.string().min(1)).min(1).max(SUPERIMPOSITION_MAX_FILMS),
  method: superimpositionMethodSchema,
  /** Other films' images shown under the tracings. */
  blending: z.boolean(),
  /** Opacity of the blended films, 0 to 1. */
  opacity: z.number().min(0).max(1),
});
export type SuperimpositionData = z.infer<typeof superimpositionDataSchema>;

/** A stored document, or null when there is none or it has a shape this version does not read. */
export function parseSuperimpositionData(value: unknown): SuperimpositionData | null {
  return migrateSuperimpositionData(value);
}

/**
 * A stored `superimposition_data` brought to the current version (none stored: version 1); null for an unknown one.
 * Version 1 -> 2: the stored `result` (computed from the choices and the films' landmarks) is dropped.
 */
export const migrateSuperimpositionData = documentMigration({
  current: SUPERIMPOSITION_DATA_VERSION,
  schema: superimpositionDataSchema,
  steps: { 1: ({ result: _derived, ...choices }) => choices },
});

const round = (v: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
};

/** The part of an endpoint answer the viewer shows and the report prints (coordinates to 0.1 px, movements to 0.01). */
export function summariseSuperimposition(response: SuperimpositionResponse, computedAt: string): SuperimpositionResultSummary {
  return {
    computed_at: computedAt,
    method: response.method,
    unit: response.unit,
    frame_chart_id: response.frame_chart_id,
    films: response.films.map((film) => ({
      chart_id: film.chart_id,
      chart_data_id: film.chart_data_id,
      shoot_date: film.shoot_date,
      colour: film.colour,
      image: film.image,
      transform: film.transform,
      rms_residual: round(film.rms_residual, 3),
      registered_on: film.registered_on,
      landmarks: film.landmarks.map((p) => ({ id: p.id, x: round(p.x, 1), y: round(p.y, 1) })),
    })),
    movements: response.movements.map((m) => ({ ...m, dx: round(m.dx, 2), dy: round(m.dy, 2), distance: round(m.distance, 2) })),
  };
}

// ---------------------------------------------------------------------------------------------
// GraphQL: the document on the analysis record, and the patient's films to choose from.

export const superimpositionRecordSchema = z.object({
  id: z.number().int(),
  superimposition_data: z.unknown().nullable(),
  document_revisions: documentRevisionsField,
});
export type SuperimpositionRecord = z.infer<typeof superimpositionRecordSchema>;

/** The stored document of an analysis record (by the record's id); no item when it is not the caller's. */
export const superimpositionDataQuery = graphOperation<{ id: number }, { analysis_records: { items: SuperimpositionRecord[] } }>(
  /* GraphQL */ `
    query SuperimpositionData($id: Int!) {
      analysis_records(filter: { id: $id }) {
        items {
          id
          superimposition_data
          document_revisions
        }
      }
    }
  `,
  z.object({ analysis_records: z.object({ items: z.array(superimpositionRecordSchema) }) }),
);

/** Writes only `superimposition_data` (no landmark revision is involved or moved). */
/** `base`: the document's revision as last read or saved (`document_revisions`); another user's save since is CONFLICT. */
export const updateSuperimpositionDataMutation = graphOperation<
  { id: number; data: SuperimpositionData; base?: Record<string, string | null> | null },
  { update_analysis_record: SuperimpositionRecord }
>(
  /* GraphQL */ `
    mutation UpdateSuperimpositionData($id: Int!, $data: JSON, $base: JSON) {
      update_analysis_record(id: $id, input: { superimposition_data: $data }, base_documents: $base) {
        id
        superimposition_data
        document_revisions
      }
    }
  `,
  z.object({ update_analysis_record: superimpositionRecordSchema }),
);

export const superimpositionChartSchema = chartSchema.extend({ analysis_record_id: z.number().int().nullable() });
export type SuperimpositionChart = z.infer<typeof superimpositionChartSchema>;

/** A patient's live charts with their images and analysis record, to choose films from. */
export const superimpositionChartsQuery = graphOperation<{ patientId: number }, { charts: SuperimpositionChart[] }>(
  /* GraphQL */ `
    query SuperimpositionCharts($patientId: Int!) {
      charts(filter: { patient_id: $patientId }, sort: { order: desc }) { ${CHART_FIELDS} analysis_record_id }
    }
  `,
  z.object({ charts: z.array(superimpositionChartSchema) }),
);
