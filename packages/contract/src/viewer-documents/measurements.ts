import { mmPerPx, type Calibration } from '@ceppro/ceph';
import { z } from 'zod';
import { documentRevisionsField } from '../graphql/document-revisions';
import { graphOperation } from '../graphql/operation';

/**
 * Free measurements on the film (spec: Viewer > measuring tools): a distance between two clicked
 * points or an angle at the middle one of three. Stored under the `measurements` key of the analysis
 * record's `drawing_result` document (the drawing pad owns the rest of that document and keeps the
 * key it does not know). Points are image px of the original upload (docs/house-rules.md §2); values are
 * derived from them with the film's calibration when shown or printed, never stored (docs/house-rules.md §3).
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
  const parsed = measurementsDocumentSchema.safeParse((drawingResult as Record<string, unknown>).measurements);
  return parsed.success ? parsed.data.items : [];
}

/**
 * The measuring tools' key of `drawing_result`, as a patch for `merge_drawing_result`: the server
 * sets `measurements` and keeps every other key (the drawing pad's shapes), starting a version 1
 * document when there is none.
 */
export function measurementsPatch(items: readonly FreeMeasurement[]): { measurements: MeasurementsDocument } {
  return { measurements: { version: 1, items: [...items] } };
}

/** A measurement's value: mm (calibrated) or px for a distance, degrees (0–180) for an angle. */
export interface FreeMeasurementValue {
  readonly value: number;
  readonly unit: 'mm' | 'px' | 'deg';
}

/**
 * Value of a free measurement from its image-pixel points. A distance uses the calibration's mm per
 * px along x and y separately (anisotropic spacing allowed); an uncalibrated film gives px. An angle
 * is unit-free in px but still measured in mm space, so anisotropic spacing cannot skew it. null for
 * a degenerate angle (an arm of zero length).
 */
export function freeMeasurementValue(item: FreeMeasurement, calibration: Calibration): FreeMeasurementValue | null {
  const s = mmPerPx(calibration) ?? { x: 1, y: 1 };
  const vec = (a: { x: number; y: number }, b: { x: number; y: number }) => ({ x: (b.x - a.x) * s.x, y: (b.y - a.y) * s.y });
  if (item.kind === 'distance') {
    const d = vec(item.points[0], item.points[1]);
    return { value: Math.hypot(d.x, d.y), unit: calibration.kind === 'calibrated' ? 'mm' : 'px' };
  }
  const u = vec(item.points[1], item.points[0]);
  const w = vec(item.points[1], item.points[2]);
  const lu = Math.hypot(u.x, u.y);
  const lw = Math.hypot(w.x, w.y);
  if (lu === 0 || lw === 0) return null;
  const cos = Math.min(1, Math.max(-1, (u.x * w.x + u.y * w.y) / (lu * lw)));
  return { value: (Math.acos(cos) * 180) / Math.PI, unit: 'deg' };
}

/** Display text of a value: one decimal and its unit ("12.3 mm", "45.0°"). */
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
