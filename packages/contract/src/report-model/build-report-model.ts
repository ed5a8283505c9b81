import {
  analysisMeasurements,
  applyNormSet,
  evaluateAnalysis,
  imagePoint,
  calibrationPxPerMm,
  outlinePathsWithContours,
  templatePaths,
  type AnalysisDefinition,
  type FilmContour,
  type ImagePoint,
  type LandmarkMap,
  type MeasurementResult,
  type Population,
  type Sex,
} from '@ceppro/ceph';
import { ageInYears } from '../age';
import { imgSizeSchema } from '../analysis-record';
import { localCalendarDate } from '../calendar-date';
import type { DicomCalibration } from '../dicom';
import { fillLabel, reportLabels, type ReportLabels, type ReportLang } from '../report-labels';
import { filmDrawings, readDrawingResult } from '../viewer-documents/drawing';
import { chartNormSelection, readChartPopulation } from '../viewer-documents/norm-choice';
import type { SuperimpositionResultSummary } from '../viewer-documents/superimposition';
import { readTemplateOffsets } from '../viewer-documents/tracing-templates';
import { growthForReport } from './report-growth';
import { normSourceNote } from './report-norms';
import { profilogramForReport, superimpositionForReport, vtoForReport } from './report-planning';
import { reportAnalysisName, reportRow } from './report-rows';
import { reportFilmAdjustments, reportImageSettings } from './report-film-display';
import { reportCalibration, reportDefinitions, reportLandmarks } from './report-sources';
import type { ReportModel } from './schema';

/** The saved analysis record's documents, as stored (`analysis_records` columns; any may be null or junk). */
export interface ReportRecord {
  readonly inferResult: unknown;
  readonly modifiedResult: unknown;
  readonly rulerInfo: unknown;
  readonly imgSize?: unknown;
  readonly profilogramResult?: unknown;
  readonly drawingResult?: unknown;
  readonly vtoStoConfig?: unknown;
}

/** Everything a report is made from: the saved record and the facts around it. */
export interface ReportInput {
  /** The report's date: the calendar day of this clock reading in `timeZone`. */
  readonly now: Date;
  /** The clinic's IANA time zone (the browser's); UTC when absent. */
  readonly timeZone?: string | undefined;
  readonly clinic: string | null;
  /** `birthInfo` / `gender` (true: female) null when unknown (the CLI without `--birth` / `--sex`). */
  readonly patient: {
    readonly firstName: string;
    readonly patientId: string | null;
    readonly birthInfo: string | null;
    readonly gender: boolean | null;
  };
  /** `sequence`: the chart's place among the patient's charts (n of m, oldest first); absent when unknown. */
  readonly chart: { readonly chartId: string; readonly shootDate: string | null; readonly sequence?: { n: number; of: number } | null };
  readonly analysisId?: string | undefined;
  readonly record: ReportRecord;
  /** The user's default pixels per mm (`user_configs.default_ppm`), after a ruler and DICOM. */
  readonly defaultPpm: number | null;
  /** The film's DICOM pixel spacing, when it has one (after a ruler, before the default PPM). */
  readonly dicom?: DicomCalibration | null;
  /** The report's language; English when absent. */
  readonly lang?: ReportLang;
  /**
   * The superimposition of the films chosen in the record's `superimposition_data`, computed by the caller
   * (the document stores the choices only); none printed when absent or with fewer than two films.
   */
  readonly superimposition?: SuperimpositionResultSummary | null | undefined;
  /** Every landmark's superimposition movement as an appendix; the summary of the clinical points only when absent. */
  readonly superimpositionTable?: boolean | undefined;
  /** The user's default norm population (Settings); Caucasian when absent. The chart's own choice wins. */
  readonly defaultPopulation?: Population | undefined;
  /**
   * What the caller read from the film itself (packages/ceph contours/, image px of the original upload):
   * the tracing's contours that follow the image, drawn instead of the landmark curve on the gaps they
   * cover, and the points found on it (R1-R4, findRamusPoints), used where neither the model nor the user
   * placed one and marked constructed, with how each was placed (`foundSource`: a population `estimate` is
   * marked so and named under the film). Absent: the landmark curves and no found points.
   */
  readonly fromFilm?:
    | {
        readonly contours: readonly FilmContour[];
        readonly found: LandmarkMap<ImagePoint>;
        readonly foundSource?: Readonly<Record<string, 'image' | 'estimate'>> | undefined;
      }
    | undefined;
}

/**
 * Builds the report of one chart from its saved record (docs/house-rules.md §3: measurements are derived
 * from the landmarks, never read back). Pure and total: missing pieces show as such, nothing throws.
 * The server's PDF and the browser's print layout both draw what this returns.
 */
export function buildReportModel(input: ReportInput, analysis: AnalysisDefinition): ReportModel {
  const lang = input.lang ?? 'en';
  const labels = reportLabels(lang);
  const estimated = Object.entries(input.fromFilm?.foundSource ?? {}).flatMap(([id, source]) => (source === 'estimate' ? [id] : []));
  const landmarks = reportLandmarks(input.record.inferResult, input.record.modifiedResult, lang, input.fromFilm?.found ?? {}, estimated);
  const positions: LandmarkMap<ImagePoint> = {};
  for (const l of landmarks) if (l.id !== null) positions[l.id] = imagePoint(l.x, l.y);
  const { calibration, label, source } = reportCalibration(input.record.rulerInfo, input.defaultPpm, lang, input.dicom ?? null);
  const sex: Sex | undefined = input.patient.gender === null ? undefined : input.patient.gender ? 'female' : 'male';
  const results = evaluateAnalysis(analysis, positions, calibration);
  const date = localCalendarDate(input.now, input.timeZone);
  const size = imgSizeSchema.safeParse(input.record.imgSize);
  const adjustments = reportFilmAdjustments(input.record.drawingResult ?? null);
  const norms = chartNormSelection({
    birthDate: input.patient.birthInfo,
    shootDate: input.chart.shootDate ?? date,
    female: input.patient.gender,
    chartPopulation: readChartPopulation(input.record.drawingResult ?? null),
    defaultPopulation: input.defaultPopulation ?? 'caucasian',
  });
  const definitions = applyNormSet(analysisMeasurements(analysis), norms);
  const pointsNote = constructedPointsNote(landmarks, labels);
  return {
    lang,
    date,
    clinic: input.clinic,
    patient: {
      name: input.patient.firstName,
      patientId: input.patient.patientId,
      birthDate: input.patient.birthInfo,
      age: input.patient.birthInfo === null ? null : ageInYears(input.patient.birthInfo, date),
      gender: input.patient.gender === null ? null : input.patient.gender ? 'F' : 'M',
    },
    chart: { chartId: input.chart.chartId, shootDate: input.chart.shootDate, sequence: input.chart.sequence ?? null },
    analysis: { id: analysis.id, name: reportAnalysisName(analysis, lang), source: analysis.source },
    calibration: label,
    calibrationSource: source,
    definitions: reportDefinitions(input.record.inferResult, lang),
    imageSettings: reportImageSettings(adjustments, lang),
    rows: definitions.map((def, i) => {
      const row = reportRow(def, results[i] as MeasurementResult, sex, lang, labels);
      const source = norms.set?.baseline === true ? null : normSourceNote(norms, def.norm?.source ?? null, lang);
      if (source === null) return row;
      // A Caucasian child's age-specific value keeps the catalogue's remark (its age rule) before the source.
      const keep = norms.set?.inheritsBaseline === true && row.normNote !== null ? `${row.normNote}. ` : '';
      return { ...row, normNote: `${keep}${source}` };
    }),
    landmarks,
    film: {
      size: size.success ? { width: size.data.width, height: size.data.height } : null,
      // The landmark outlines with the contours that follow the film where the caller traced them, then the
      // incisor and first-molar templates fitted to the points and moved as the user moved them in the viewer
      // (packages/ceph molar-templates.ts, contract tracing-templates.ts).
      tracing: [
        ...outlinePathsWithContours(positions, input.fromFilm?.contours ?? []),
        ...templatePaths(positions, calibrationPxPerMm(calibration), readTemplateOffsets(input.record.drawingResult ?? null)),
      ].map((p) => ({ id: p.id, d: p.d })),
      drawings: filmDrawings(readDrawingResult(input.record.drawingResult ?? null)),
      // Only when the film is adjusted: a model of a film shown as stored reads as before.
      ...(adjustments && { adjustments }),
      // Only when a point is constructed (its note under the film).
      ...(pointsNote && { pointsNote }),
    },
    disclaimer: labels.disclaimer,
    superimposition: superimpositionForReport(input.superimposition),
    superimpositionTable: input.superimpositionTable ?? false,
    profilogram: profilogramForReport(input.record, positions, calibration, labels),
    vto: vtoForReport(input.record, positions, calibration, labels),
    growth: growthForReport(
      input.record.drawingResult ?? null,
      positions,
      calibration,
      input.patient.birthInfo === null ? null : ageInYears(input.patient.birthInfo, (input.chart.shootDate ?? date).slice(0, 10)),
      sex ?? null,
      labels,
      input.record.imgSize,
    ),
  };
}

/**
 * The lines printed under the film about its constructed points (issue 28: a constructed point is
 * never passed off as read from the film): the constructed ones, then the population estimates among
 * them to check and place by hand; null when no point is constructed.
 */
export function constructedPointsNote(
  landmarks: readonly { label: string; constructed?: boolean | undefined; estimate?: boolean | undefined }[],
  labels: ReportLabels,
): string[] | null {
  const constructed = landmarks.filter((l) => l.constructed === true && l.estimate !== true).map((l) => l.label);
  const estimates = landmarks.filter((l) => l.constructed === true && l.estimate === true).map((l) => l.label);
  const lines = [
    ...(constructed.length > 0 ? [fillLabel(labels.filmConstructed, { points: constructed.join(', ') })] : []),
    ...(estimates.length > 0 ? [fillLabel(labels.filmEstimated, { points: estimates.join(', ') })] : []),
  ];
  return lines.length > 0 ? lines : null;
}
