import {
  ANALYSES,
  evaluateAnalysis,
  getLandmark,
  getMeasurement,
  imagePoint,
  interpretMeasurement,
  normFor,
  analysisMeasurements,
  type AnalysisDefinition,
  type Calibration,
  type ImagePoint,
  type LandmarkId,
  type LandmarkMap,
  type MeasurementDefinition,
  type MeasurementResult,
  type Sex,
} from '@ceppro/ceph';
import { superimpositionForReport, type SuperimpositionReport } from './report-superimposition';
import { profilogramForReport, type ProfilogramReport } from './report-profilogram';
import { vtoForReport, type VtoReport } from './report-vto';
import {
  ageInYears,
  fillLabel,
  inferResultSchema,
  modifiedResultSchema,
  parseRulerInfo,
  reportLabels,
  resolveCalibration,
  storedAiLandmarkId,
  storedLandmarkId,
  type DicomCalibration,
  type ReportLabels,
  type ReportLang,
} from '@ceppro/contract';
import { analysisName, interpretationText, measurementName } from './report-vocabulary';

/**
 * What a report shows, computed from the stored chart (house style 3: measurements are derived from
 * the landmarks, never read back). Pure: the service gathers the rows, this shapes them, the PDF
 * layout draws them. Every value is already formatted, so the layout holds no clinical rules.
 */
export interface ReportModel {
  /** The language of every label and text of the report. */
  readonly lang: ReportLang;
  readonly date: string;
  readonly clinic: string | null;
  readonly patient: {
    readonly name: string;
    readonly patientId: string | null;
    readonly birthDate: string;
    readonly age: number | null;
    readonly gender: 'F' | 'M';
  };
  readonly chart: { readonly chartId: string; readonly shootDate: string | null };
  readonly analysis: { readonly id: string; readonly name: string; readonly source: string };
  readonly calibration: string;
  readonly rows: readonly ReportRow[];
  /** Landmarks to draw, in image px of the original upload. */
  readonly landmarks: readonly ReportLandmark[];
  readonly disclaimer: string;
  /** The chart's stored superimposition, printed on its own page; null when there is none. */
  readonly superimposition?: SuperimpositionReport | null;
  /** The stored profilogram (recomputed) and free measurements, printed on their own page; null when neither exists. */
  readonly profilogram?: ProfilogramReport | null;
  /** The stored VTO/STO plan run on the landmarks, printed on its own page; null when it moves nothing. */
  readonly vto?: VtoReport | null;
}

export interface ReportRow {
  readonly id: string;
  readonly name: string;
  readonly value: string;
  readonly norm: string;
  readonly deviation: string;
  readonly interpretation: string;
}

export interface ReportLandmark {
  readonly id: LandmarkId | null;
  readonly label: string;
  readonly x: number;
  readonly y: number;
  readonly edited: boolean;
}

export interface ReportInput {
  readonly now: Date;
  readonly clinic: string | null;
  readonly patient: { firstName: string; patientId: string | null; birthInfo: string; gender: boolean };
  readonly chart: { chartId: string; shootDate: string | null };
  readonly analysisId: string | undefined;
  readonly record: { inferResult: unknown; modifiedResult: unknown; rulerInfo: unknown; superimpositionData?: unknown; profilogramResult?: unknown; drawingResult?: unknown; vtoStoConfig?: unknown; imgSize?: unknown };
  readonly defaultPpm: number | null;
  /** The film's DICOM pixel spacing, when it has one (after a ruler, before the default PPM). */
  readonly dicom?: DicomCalibration | null;
  /** The report's language; English when absent. */
  readonly lang?: ReportLang;
}

/**
 * The analysis to report: a user's group (its measurement ids, every one in the catalogue), else
 * the built-in analysis asked for, else the first of the catalogue. undefined when unknown.
 */
export function reportAnalysis(request: { analysis_id?: string | undefined; measurement_ids?: readonly string[] | undefined; analysis_name?: string | undefined }): AnalysisDefinition | undefined {
  const ids = request.measurement_ids;
  if (ids !== undefined) {
    if (!ids.every((id) => getMeasurement(id) !== undefined)) return undefined;
    return { id: 'custom', name: request.analysis_name ?? 'Custom', source: 'user group', measurementIds: [...new Set(ids)] };
  }
  return request.analysis_id === undefined ? ANALYSES[0] : ANALYSES.find((a) => a.id === request.analysis_id);
}

/** Stored landmarks the v1 model does not output are kept at cname 100 + their registry index (as the viewer stores them). */
/** Registry id of a stored landmark, read as the viewer reads it (contract stored-landmarks). */
function storedId(l: { cname: number; name: string }, source: 'ai' | 'edited'): LandmarkId | null {
  return source === 'ai' ? storedAiLandmarkId(l) : storedLandmarkId(l);
}

/**
 * The landmarks shown: the user's position where there is one, else the model's (matched by
 * registry id; entries no id matches are drawn with their stored name but not measured). A stored
 * document that does not parse counts as absent.
 */
export function reportLandmarks(inferResult: unknown, modifiedResult: unknown): ReportLandmark[] {
  const ai = inferResultSchema.safeParse(inferResult);
  const edited = modifiedResultSchema.safeParse(modifiedResult);
  const byKey = new Map<string, ReportLandmark>();
  const add = (l: { cname: number; name: string; x: number; y: number }, source: 'ai' | 'edited') => {
    const id = storedId(l, source);
    byKey.set(id ?? `${source}:${l.cname}`, { id, label: id === null ? l.name : getLandmark(id).shortName, x: l.x, y: l.y, edited: source === 'edited' });
  };
  if (ai.success) ai.data.landmarks.forEach((l) => add(l, 'ai'));
  if (edited.success) edited.data.landmarks.forEach((l) => add(l, 'edited'));
  return [...byKey.values()];
}

/** The viewer's calibration rule (contract `resolveCalibration`: ruler > DICOM > default PPM > none), with its printed label in `lang`. */
export function reportCalibration(rulerInfo: unknown, defaultPpm: number | null, lang: ReportLang = 'en', dicom: DicomCalibration | null = null): { calibration: Calibration; label: string } {
  const { calibration, origin, ppm } = resolveCalibration(parseRulerInfo(rulerInfo), defaultPpm, dicom);
  const labels = reportLabels(lang);
  const values = { ppm: (ppm ?? 0).toFixed(2) };
  const label =
    origin === 'ruler' ? fillLabel(labels.calibrationRuler, values)
    : origin === 'dicom' ? fillLabel(labels.calibrationDicom, values)
    : origin === 'default-ppm' ? fillLabel(labels.calibrationDefault, values)
    : labels.calibrationNone;
  return { calibration, label };
}

const UNIT_SUFFIX: Record<string, string> = { deg: '\u00b0', mm: ' mm', px: ' px', ratio: '', '%': '%' };

/** Display rules of the viewer's analysis table (0.1 for angles and lengths, 0.01 for ratios), so paper and screen agree. */
const digits = (unit: string) => (unit === 'ratio' ? 2 : 1);

function formatNumber(value: number, unit: string): string {
  const text = value.toFixed(digits(unit));
  return `${/^-0\.?0*$/.test(text) ? text.slice(1) : text}${UNIT_SUFFIX[unit] ?? ''}`;
}

const plain = (n: number, unit: string) => (Number.isInteger(n) ? String(n) : n.toFixed(digits(unit)));

function formatZ(z: number): string {
  const text = Math.abs(z).toFixed(2);
  return text === '0.00' ? '0.00 SD' : `${z > 0 ? '+' : '-'}${text} SD`;
}

function row(def: MeasurementDefinition, result: MeasurementResult, sex: Sex, lang: ReportLang, labels: ReportLabels): ReportRow {
  const stat = normFor(def, sex);
  const symbol = UNIT_SUFFIX[def.unit] ?? '';
  const norm =
    stat === null ? '-'
    : stat.sd !== null ? `${plain(stat.mean, def.unit)} \u00b1 ${plain(stat.sd, def.unit)}${symbol}`
    : stat.range !== null ? `${plain(stat.range[0], def.unit)}\u2013${plain(stat.range[1], def.unit)}${symbol}`
    : `${plain(stat.mean, def.unit)}${symbol}`;
  const base = { id: def.id, name: measurementName(def, lang), norm };
  if (result.status === 'incomplete') return { ...base, value: '-', deviation: '', interpretation: fillLabel(labels.incomplete, { missing: result.missing.join(', ') }) };
  if (result.status === 'not-computable') return { ...base, value: '-', deviation: '', interpretation: labels.notComputable };
  const value = formatNumber(result.value, result.unit);
  if (result.uncalibrated) return { ...base, value, deviation: '', interpretation: labels.uncalibratedNoNorm };
  const reading = interpretMeasurement(def, result, sex);
  const deviation = reading.z === null ? '' : formatZ(reading.z);
  return { ...base, value, deviation, interpretation: interpretationText(def, reading, lang, labels) };
}

/** Builds the report of one chart. Throws nothing: missing pieces show as such. */
export function buildReportModel(input: ReportInput, analysis: AnalysisDefinition): ReportModel {
  const landmarks = reportLandmarks(input.record.inferResult, input.record.modifiedResult);
  const positions: LandmarkMap<ImagePoint> = {};
  for (const l of landmarks) if (l.id !== null) positions[l.id] = imagePoint(l.x, l.y);
  const lang = input.lang ?? 'en';
  const labels = reportLabels(lang);
  const { calibration, label } = reportCalibration(input.record.rulerInfo, input.defaultPpm, lang, input.dicom ?? null);
  const sex: Sex = input.patient.gender ? 'female' : 'male';
  const definitions = analysisMeasurements(analysis);
  const results = evaluateAnalysis(analysis, positions, calibration);
  const date = input.now.toISOString().slice(0, 10);
  return {
    lang,
    date,
    clinic: input.clinic,
    patient: {
      name: input.patient.firstName,
      patientId: input.patient.patientId,
      birthDate: input.patient.birthInfo,
      age: ageInYears(input.patient.birthInfo, date),
      gender: input.patient.gender ? 'F' : 'M',
    },
    chart: input.chart,
    analysis: { id: analysis.id, name: analysisName(analysis, lang), source: analysis.source },
    calibration: label,
    rows: definitions.map((def, i) => row(def, results[i] as MeasurementResult, sex, lang, labels)),
    landmarks,
    disclaimer: labels.disclaimer,
    superimposition: superimpositionForReport(input.record.superimpositionData),
    profilogram: profilogramForReport(input.record, positions, calibration, labels),
    vto: vtoForReport(input.record, positions, calibration, labels),
  };
}
