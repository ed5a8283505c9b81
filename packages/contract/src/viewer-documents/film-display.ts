import { DEFAULT_FILM_ADJUSTMENTS, FILM_ADJUSTMENT_LIMITS, normaliseFilmAdjustments, type FilmAdjustments } from '@ceppro/ceph';
import { z } from 'zod';
import { documentMigration } from './document-migration';
import { documentRevisionsField } from '../graphql/document-revisions';
import { graphOperation } from '../graphql/operation';

/**
 * A chart's film display (the viewer's image panel: brightness, contrast, gamma, invert, edge
 * enhancement, soft-tissue window; packages/ceph `FilmAdjustments`), stored under the `film` key of
 * the analysis record's `drawing_result` (the document the viewer's own per-chart state shares, each
 * feature merging only its key). The report prints it and draws the film with it.
 *
 * Version 1. A record saved before the image tools has no `film` key and opens with the defaults; a
 * field missing from a stored document (one written before that field existed) takes its default, so
 * older documents always open.
 */
export const FILM_DISPLAY_KEY = 'film';

const range = (key: keyof typeof FILM_ADJUSTMENT_LIMITS) =>
  z.number().min(FILM_ADJUSTMENT_LIMITS[key].min).max(FILM_ADJUSTMENT_LIMITS[key].max).default(DEFAULT_FILM_ADJUSTMENTS[key]);

export const filmDisplaySchema = z.object({
  version: z.literal(1),
  brightness: range('brightness'),
  contrast: range('contrast'),
  gamma: range('gamma'),
  invert: z.boolean().default(false),
  sharpen: range('sharpen'),
  softTissue: range('softTissue'),
});
export type FilmDisplayDocument = z.infer<typeof filmDisplaySchema>;

/** The film display stored in a `drawing_result` (any value): the defaults when absent or of an unknown shape. */
export function readFilmAdjustments(drawingResult: unknown): FilmAdjustments {
  if (typeof drawingResult !== 'object' || drawingResult === null) return DEFAULT_FILM_ADJUSTMENTS;
  const stored = migrateFilmDisplay((drawingResult as Record<string, unknown>)[FILM_DISPLAY_KEY]);
  return stored ? normaliseFilmAdjustments(stored) : DEFAULT_FILM_ADJUSTMENTS;
}

/** A stored `drawing_result.film` brought to the current version (none stored: version 1); null for an unknown one. */
export const migrateFilmDisplay = documentMigration({ current: 1, schema: filmDisplaySchema });

/** The `merge_drawing_result` patch that stores `adjustments` (only the `film` key; the others stay). */
export function filmDisplayPatch(adjustments: FilmAdjustments): { film: FilmDisplayDocument } {
  const a = normaliseFilmAdjustments(adjustments);
  return { [FILM_DISPLAY_KEY]: { version: 1, ...a } } as { film: FilmDisplayDocument };
}

const filmDisplayRecordSchema = z.object({
  id: z.number().int(),
  drawing_result: z.unknown().nullable(),
  document_revisions: documentRevisionsField,
});

/** The record's `drawing_result`, for its `film` key (`readFilmAdjustments`). */
export const filmDisplayRecordQuery = graphOperation<
  { id: number },
  { analysis_records: { items: z.infer<typeof filmDisplayRecordSchema>[] } }
>(
  /* GraphQL */ `
    query FilmDisplayRecord($id: Int!) {
      analysis_records(filter: { id: $id }) {
        items {
          id
          drawing_result
          document_revisions
        }
      }
    }
  `,
  z.object({ analysis_records: z.object({ items: z.array(filmDisplayRecordSchema) }) }),
);
