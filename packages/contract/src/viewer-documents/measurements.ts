import type { FreeMeasurementValue } from '@ceppro/ceph';
import { z } from 'zod';
import { documentMigration } from './document-migration';
import { documentRevisionsField } from '../graphql/document-revisions';
import { graphOperation } from '../graphql/operation';

/**
 * Free measurements on the film (spec: Viewer > measuring tools): a distance between two clicked
 * points or an angle at the middle one of three. Stored under the `measurements` key of the analysis
 * record's `drawing_result` document (the drawing pad owns the rest of that document and keeps the
 * key it does not know). Points are image px of the original upload (docs/house-rules.md §2); values are
 * derived from them with the film's calibration when shown or printed (packages/ceph `freeMeasurementValue`),
 * never stored (docs/house-rules.md §3).
 */

const pointSchema = z.object({ x: z.number().finite(), y: z.number().finite() });

const base = { id: z.string().min(1).max(64), name: z.string().max(60) };

export const freeMeasurementSchema = z.discriminatedUnion('kind', [
  z.object({ ...base, kind: z.literal('distance'), points: z.tuple([pointSchema, pointSchema]) }),
  /** points[1] is the vertex. */
  z.object({ ...base, kind: z.literal('angle'), points: z.tuple([pointSchema, pointSchema, pointSchema]) }),
]);
export type FreeMeasurement = z.infer<typeof freeMeasurementSchema>;
export type FreeMeasurementKind = FreeMeasurement['kind'];

export const MAX_FREE_MEASUREMENTS = 100;

export const measurementsDocumentSchema = z.object({
  version: z.literal(1),
  items: z.array(freeMeasurementSchema).max(MAX_FREE_MEASUREMENTS),
});
export type MeasurementsDocument = z.infer<typeof measurementsDocumentSchema>;

/** The measurements inside a stored `drawing_result` ([] when absent or of an unknown shape). */
export function readMeasurements(drawingResult: unknown): FreeMeasurement[] {
  if (typeof drawingResult !== 'object' || drawingResult === null) return [];
  return migrateMeasurements((drawingResult as Record<string, unknown>).measurements)?.items ?? [];
}

/** A stored `drawing_result.measurements` brought to the current version (none stored: version 1); null for an unknown one. */
export const migrateMeasurements = documentMigration({ current: 1, schema: measurementsDocumentSchema });

/**
 * The measuring tools' key of `drawing_result`, as a patch for `merge_drawing_result`: the server
 * sets `measurements` and keeps every other key (the drawing pad's shapes), starting a version 1
 * document when there is none.
 */
export function measurementsPatch(items: readonly FreeMeasurement[]): { measurements: MeasurementsDocument } {
  return { measurements: { version: 1, items: [...items] } };
}

/** Display text of a value (packages/ceph `freeMeasurementValue`): one decimal and its unit ("12.3 mm", "45.0°"). */
export function formatFreeMeasurement(value: FreeMeasurementValue | null): string {
  if (value === null) return '-';
  return value.unit === 'deg' ? `${value.value.toFixed(1)}\u00b0` : `${value.value.toFixed(1)} ${value.unit}`;
}

// ---------------------------------------------------------------------------------------------
// GraphQL

const measurementsRecordSchema = z.object({
  id: z.number().int(),
  revision: z.number().int(),
  drawing_result: z.unknown().nullable(),
  document_revisions: documentRevisionsField,
});
export type MeasurementsRecord = z.infer<typeof measurementsRecordSchema>;

/** The record's whole `drawing_result` with the revision it was read at (a write names it). */
export const measurementsRecordQuery = graphOperation<{ id: number }, { analysis_records: { items: MeasurementsRecord[] } }>(
  /* GraphQL */ `
    query MeasurementsRecord($id: Int!) {
      analysis_records(filter: { id: $id }) {
        items {
          id
          revision
          drawing_result
          document_revisions
        }
      }
    }
  `,
  z.object({ analysis_records: z.object({ items: z.array(measurementsRecordSchema) }) }),
);
