import {
  ANALYSES,
  analysisMeasurements,
  evaluateMeasurements,
  getLandmark,
  getMeasurement,
  imageVectorToMm,
  interpretMeasurement,
  normFor,
  requiredLandmarks,
  type AnalysisDefinition,
  type Calibration,
  type LandmarkId,
  type Sex,
} from '@ceppro/ceph';
import { z } from 'zod';
import { parseRulerInfo, resolveCalibration } from './calibration';
import type { DicomCalibration } from './dicom';
import { readRecordLandmarks } from './stored-landmarks';
import { endpoint } from './endpoint';

/*
 * Measurement and landmark exports (Step 10 item 5). One row builder for the viewer's per-chart
 * export and the server's batch export, computed with packages/ceph exactly as the analysis table
 * computes them; column layout documented in docs/exports.md.
 */

export const exportFormatSchema = z.enum(['csv', 'xlsx']);
export type ExportFormat = z.infer<typeof exportFormatSchema>;

const analysisIdSchema = z.string().min(1).max(50);

/**
 * One chart's measurements. `analyses: 'selected'` exports the analysis the viewer shows (a
 * built-in `analysis_id`, or a user's group as `measurement_ids` + `analysis_name`, like the PDF
 * report); `'all'` exports every built-in analysis.
 */
export const chartExportRequestSchema = z.object({
  chart_id: z.uuid(),
  format: exportFormatSchema,
  analyses: z.enum(['selected', 'all']).default('selected'),
  analysis_id: analysisIdSchema.optional(),
  measurement_ids: z.array(analysisIdSchema).min(1).max(200).optional(),
  analysis_name: z.string().min(1).max(100).optional(),
});
export type ChartExportRequest = z.input<typeof chartExportRequestSchema>;

export const landmarksExportRequestSchema = z.object({ chart_id: z.uuid() });

/** Most patients one batch may name; "every patient" is asked for by leaving `patient_ids` out. */
export const BATCH_EXPORT_MAX_PATIENTS = 1000;

/**
 * Every measurement of every chart of the caller's patients (or of `patient_ids`, the list's
 * `Patient.id`; ids that are not the caller's are ignored), in every built-in analysis or in
 * `analysis_ids`. `export_id` names the WebSocket progress events of this export.
 */
export const batchExportRequestSchema = z.object({
  format: exportFormatSchema,
  patient_ids: z.array(z.number().int().positive()).min(1).max(BATCH_EXPORT_MAX_PATIENTS).optional(),
  analysis_ids: z.array(analysisIdSchema).min(1).max(ANALYSES.length).optional(),
  export_id: z.uuid().optional(),
});
export type BatchExportRequest = z.input<typeof batchExportRequestSchema>;

/** Response headers of the batch export, sent before the first byte of the file. */
export const EXPORT_HEADERS = { charts: 'x-export-charts', rows: 'x-export-rows' } as const;

/** Bearer-authenticated POST endpoints; each answers a file attachment or the usual error envelope. */
export const EXPORT_ENDPOINTS = {
  /** Audited as `export.xlsx` for an XLSX file. */
  chart: endpoint({
    method: 'POST',
    path: '/api/exports/chart',
    auth: 'user',
    request: chartExportRequestSchema,
    answer: 'file',
    idempotent: true,
    audit: 'export.csv',
    limit: 'render',
  }),
  landmarks: endpoint({
    method: 'POST',
    path: '/api/exports/chart-landmarks',
    auth: 'user',
    request: landmarksExportRequestSchema,
    /** The landmarks document as bare JSON, saved by the browser as the file. */
    answer: 'raw',
    idempotent: true,
    audit: 'export.landmarks',
  }),
  batch: endpoint({
    method: 'POST',
    path: '/api/exports/batch',
    auth: 'user',
    request: batchExportRequestSchema,
    answer: 'file',
    idempotent: true,
    audit: 'export.batch',
  }),
} as const;

export const EXPORT_MIME = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  json: 'application/json; charset=utf-8',
} as const;

/** The columns of a measurement export, in order (one row per chart x analysis x measurement). */
export const EXPORT_COLUMNS = [
  'patient_id',
  'patient_name',
  'birth_date',
  'sex',
  'chart_id',
  'shoot_date',
  'analysis',
  'measurement_id',
  'measurement_name',
  'status',
  'value',
  'unit',
  'norm_mean',
  'norm_sd',
  'norm_min',
  'norm_max',
  'deviation_sd',
  'interpretation',
  'calibration_source',
  'px_per_mm',
  'landmark_source',
  'model_id',
  'model_version',
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

export type ExportCell = string | number | null;
export type ExportRow = Readonly<Record<ExportColumn, ExportCell>>;

/** Digits kept in exported numbers (the screen rounds to 0.1; research keeps more). */
const KEEP = 1e4;
const keep = (n: number) => Math.round(n * KEEP) / KEEP;

/** The calibration source as the export names it: ruler, default PPM, DICOM, or none. */
export function calibrationSourceLabel(calibration: Calibration): 'ruler' | 'default PPM' | 'DICOM' | 'none' {
  if (calibration.kind === 'uncalibrated') return 'none';
  return calibration.source === 'ruler' ? 'ruler' : calibration.source === 'default-ppm' ? 'default PPM' : 'DICOM';
}

/** What an export needs to know about one chart (all from the saved record). */
export interface ExportChart {
  readonly patient: { readonly patientId: string | null; readonly name: string; readonly birthDate: string; readonly female: boolean };
  readonly chartId: string;
  readonly shootDate: string | null;
  readonly record: { readonly inferResult: unknown; readonly modifiedResult: unknown; readonly rulerInfo: unknown } | null;
  readonly defaultPpm: number | null;
  /** The film's DICOM pixel spacing, when it came as DICOM (calibration: ruler > DICOM > default PPM). */
  readonly dicomCalibration?: DicomCalibration | null;
}

/**
 * The analyses to export: a user's group (every id in the catalogue), a built-in analysis, or every
 * built-in one; undefined when an id is unknown.
 */
export function exportAnalyses(request: {
  analyses?: 'selected' | 'all' | undefined;
  analysis_id?: string | undefined;
  measurement_ids?: readonly string[] | undefined;
  analysis_name?: string | undefined;
  analysis_ids?: readonly string[] | undefined;
}): AnalysisDefinition[] | undefined {
  if (request.analysis_ids !== undefined) {
    const found = request.analysis_ids.map((id) => ANALYSES.find((a) => a.id === id));
    return found.every((a) => a !== undefined) ? [...new Set(found as AnalysisDefinition[])] : undefined;
  }
  if (request.analyses === 'all') return [...ANALYSES];
  const ids = request.measurement_ids;
  if (ids !== undefined) {
    if (!ids.every((id) => getMeasurement(id) !== undefined)) return undefined;
    return [{ id: 'custom', name: request.analysis_name ?? 'Custom', source: 'user group', measurementIds: [...new Set(ids)] }];
  }
  const one = request.analysis_id === undefined ? ANALYSES[0] : ANALYSES.find((a) => a.id === request.analysis_id);
  return one === undefined ? undefined : [one];
}

/** Rows per chart for `analyses` (every measurement gets a row, incomplete ones too). */
export function rowsPerChart(analyses: readonly AnalysisDefinition[]): number {
  return analyses.reduce((n, a) => n + analysisMeasurements(a).length, 0);
}

/**
 * One row per analysis x measurement of a chart: value (4 decimals, in the reported unit: mm when
 * calibrated, px otherwise), sex-specific norm, deviation in SD, the engine's English reading,
 * and where the calibration and landmarks came from. Pure; a chart without landmarks gives
 * `incomplete` rows.
 */
export function buildExportRows(chart: ExportChart, analyses: readonly AnalysisDefinition[]): ExportRow[] {
  const landmarks = readRecordLandmarks(chart.record?.inferResult, chart.record?.modifiedResult);
  const { calibration, ppm } = resolveCalibration(
    parseRulerInfo(chart.record?.rulerInfo),
    chart.defaultPpm,
    chart.dicomCalibration ?? null,
  );
  const sex: Sex = chart.patient.female ? 'female' : 'male';
  const base = {
    patient_id: chart.patient.patientId,
    patient_name: chart.patient.name,
    birth_date: chart.patient.birthDate,
    sex: chart.patient.female ? 'F' : 'M',
    chart_id: chart.chartId,
    shoot_date: chart.shootDate,
    calibration_source: calibrationSourceLabel(calibration),
    px_per_mm: ppm === null ? null : keep(ppm),
    model_id: landmarks.model?.id ?? null,
    model_version: landmarks.model?.version ?? null,
  };
  const rows: ExportRow[] = [];
  for (const analysis of analyses) {
    const definitions = analysisMeasurements(analysis);
    const results = evaluateMeasurements(definitions, landmarks.positions, calibration);
    definitions.forEach((definition, i) => {
      const result = results[i];
      if (result === undefined) return;
      const norm = normFor(definition, sex);
      const reading = interpretMeasurement(definition, result, sex);
      const used = requiredLandmarks(definition.construction);
      const source = used.some((id) => landmarks.edited[id]) ? 'adjusted' : used.some((id) => landmarks.ai[id]) ? 'AI' : null;
      const ok = result.status === 'ok';
      rows.push({
        ...base,
        analysis: analysis.name,
        measurement_id: definition.id,
        measurement_name: definition.name,
        status: result.status,
        value: ok ? keep(result.value) : null,
        unit: ok ? result.unit : definition.unit,
        norm_mean: norm?.mean ?? null,
        norm_sd: norm?.sd ?? null,
        norm_min: norm?.range?.[0] ?? null,
        norm_max: norm?.range?.[1] ?? null,
        deviation_sd: reading.z === null ? null : keep(reading.z),
        interpretation: interpretationText(result, reading, norm !== null),
        landmark_source: source,
      });
    });
  }
  return rows;
}

function interpretationText(
  result: ReturnType<typeof evaluateMeasurements>[number],
  reading: ReturnType<typeof interpretMeasurement>,
  hasNorm: boolean,
): string {
  if (result.status === 'incomplete') return `Incomplete: missing ${result.missing.join(', ')}`;
  if (result.status === 'not-computable') return 'Not computable';
  if (result.uncalibrated && hasNorm) return 'Uncalibrated length: no norm comparison';
  const words = reading.words === null ? '' : ` (${reading.words})`;
  if (reading.label !== null) return `${reading.label.charAt(0).toUpperCase()}${reading.label.slice(1)}${words}`;
  if (reading.range === 'inside') return 'Within range';
  if (reading.range !== null) return `${reading.range === 'above' ? 'Above' : 'Below'} range${words}`;
  return hasNorm ? 'No SD to compare with' : 'No norm';
}

/** UTF-8 byte order mark: Excel reads a CSV as UTF-8 (Korean, Vietnamese names intact) only with it. */
export const CSV_BOM = '\uFEFF';

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled.
 * Line breaks inside a value become LF so CRLF only ever ends a record. A leading = + - @ on a
 * text cell is prefixed with ' so a spreadsheet never runs it as a formula.
 */
export function csvField(value: ExportCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = value.replace(/\r\n?/g, '\n');
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV record with its CRLF terminator. */
export function csvRecord(values: readonly ExportCell[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

export const csvHeader = (): string => csvRecord([...EXPORT_COLUMNS]);
export const csvRow = (row: ExportRow): string => csvRecord(EXPORT_COLUMNS.map((c) => row[c]));

/** The landmarks JSON document (AI and adjusted side by side; mm from the image's top-left corner when calibrated). */
export function buildLandmarksDocument(chart: ExportChart & { imageSize: { width: number; height: number } | null }, exportedAt: Date) {
  const landmarks = readRecordLandmarks(chart.record?.inferResult, chart.record?.modifiedResult);
  const { calibration, ppm } = resolveCalibration(
    parseRulerInfo(chart.record?.rulerInfo),
    chart.defaultPpm,
    chart.dicomCalibration ?? null,
  );
  const mm = (p: { x: number; y: number }) => {
    if (calibration.kind !== 'calibrated') return {};
    const v = imageVectorToMm(p, calibration);
    return { x_mm: keep(v.x), y_mm: keep(v.y) };
  };
  const ids = Object.keys(landmarks.positions) as LandmarkId[];
  return {
    format: 'ceppro.landmarks',
    version: 1,
    exported_at: exportedAt.toISOString(),
    chart_id: chart.chartId,
    shoot_date: chart.shootDate,
    patient: {
      patient_id: chart.patient.patientId,
      name: chart.patient.name,
      birth_date: chart.patient.birthDate,
      sex: chart.patient.female ? 'F' : 'M',
    },
    image: chart.imageSize,
    coordinates: 'image pixels of the original upload, origin top-left, y down',
    calibration: { source: calibrationSourceLabel(calibration), px_per_mm: ppm },
    model: landmarks.model && { id: landmarks.model.id, version: landmarks.model.version },
    landmarks: ids.map((id) => {
      const ai = landmarks.ai[id];
      const adjusted = landmarks.edited[id];
      const constructed = landmarks.constructed[id];
      const meta = getLandmark(id);
      return {
        id,
        name: meta.fullName,
        short_name: meta.shortName,
        source: adjusted !== undefined ? 'adjusted' : ai !== undefined ? 'AI' : 'constructed',
        ai: ai === undefined ? null : { x: ai.point.x, y: ai.point.y, ...mm(ai.point), confidence: ai.confidence },
        adjusted: adjusted === undefined ? null : { x: adjusted.x, y: adjusted.y, ...mm(adjusted) },
        // Built from the other points (packages/ceph constructed.ts) where neither the model nor the user placed it.
        constructed: constructed === undefined ? null : { x: constructed.x, y: constructed.y, ...mm(constructed) },
      };
    }),
  };
}
export type LandmarksDocument = ReturnType<typeof buildLandmarksDocument>;
