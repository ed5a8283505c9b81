import {
  VTO_MOVEMENT_POINTS,
  applyNormSet,
  evaluateMeasurements,
  getMeasurement,
  imagePoint,
  outlinePaths,
  simulateVto,
  softTissueRulesWithRatios,
  toothOutlinePaths,
  type ImagePoint,
  type LandmarkMap,
  type MeasurementDefinition,
  type MeasurementResult,
  type NormStat,
  type Vec2,
} from '@ceppro/ceph';
import { imgSizeSchema } from '../analysis-record';
import { localCalendarDate } from '../calendar-date';
import type { ReportInput } from '../report-model/build-report-model';
import { vtoForReport } from '../report-model/report-planning';
import { reportCalibration, reportLandmarks } from '../report-model/report-sources';
import { fillLabel, type ReportLang } from '../report-labels';
import { chartNormSelection, readChartPopulation } from '../viewer-documents/norm-choice';
import { readVtoStoConfig } from '../viewer-documents/vto';
import { CONSULTATION_MEASUREMENT_IDS, CONSULTATION_SOFT_POINTS, consultationLabels, type ConsultationLabels } from './consultation-labels';
import type { ConsultationModel, ConsultationPhotoState } from './consultation-schema';

/**
 * The consultation view's model (docs: issue 28 item 5), pure: the patient's plan in plain words, a few
 * key measurements explained, today's and the predicted tracing, and the photo morph's inputs. Both the
 * web's full-screen view and the server's one-page PDF draw this one object. Everything is derived again
 * from the stored record (docs/house-rules.md §3): the plan is packages/ceph `simulateVto` on the landmarks.
 */

/** A soft-tissue change smaller than this (mm) is not put into words: it would not be seen. */
export const CONSULTATION_SOFT_MIN_MM = 0.5;

/** "5", "2.5", "0.3": millimetres as a patient reads them (no trailing ".0"). */
function plainMm(value: number): string {
  return String(Math.round(Math.abs(value) * 10) / 10);
}

/** Rounded to the nearest half millimetre ("about 1 mm"). */
function aboutMm(value: number): string {
  return String(Math.round(Math.abs(value) * 2) / 2);
}

/** "forward 5 mm and up 2 mm" from a patient-frame move (x + anterior, y + superior); null when both are 0. */
function directions(
  move: Vec2,
  words: ConsultationLabels['moves'],
  join: string,
  format: (v: number) => string,
  min: number,
): string | null {
  const parts: string[] = [];
  const h = format(move.x);
  const v = format(move.y);
  if (Math.abs(move.x) >= min && Number(h) !== 0) parts.push(fillLabel(move.x > 0 ? words.forward : words.back, { n: h }));
  if (Math.abs(move.y) >= min && Number(v) !== 0) parts.push(fillLabel(move.y > 0 ? words.up : words.down, { n: v }));
  return parts.length === 0 ? null : parts.join(join);
}

/** One sentence per moved row of the plan's table, in table order. */
export function planSentences(movements: Readonly<Record<string, { horizontal: number; vertical: number }>>, lang: ReportLang): string[] {
  const labels = consultationLabels(lang);
  return VTO_MOVEMENT_POINTS.flatMap((row) => {
    const m = movements[row.key];
    if (!m) return [];
    const moves = directions({ x: m.horizontal, y: m.vertical }, labels.moves, labels.join, plainMm, 0.05);
    return moves === null ? [] : [fillLabel(labels.moveSentence, { part: labels.parts[row.key], moves })];
  });
}

/** The expected soft-tissue changes (lips, chin, nose tip) of a prediction, rounded to half millimetres. */
export function softSentences(displacementsMm: Readonly<Partial<Record<string, Vec2>>>, lang: ReportLang): string[] {
  const labels = consultationLabels(lang);
  return CONSULTATION_SOFT_POINTS.flatMap((id) => {
    const d = displacementsMm[id];
    if (!d) return [];
    const moves = directions(d, labels.softMoves, labels.join, aboutMm, CONSULTATION_SOFT_MIN_MM);
    return moves === null ? [] : [fillLabel(labels.softSentence, { part: labels.softParts[id], moves })];
  });
}

const UNIT: Readonly<Record<string, string>> = { deg: '°', mm: ' mm' };
const shown = (r: MeasurementResult | undefined) => (r?.status === 'ok' ? `${r.value.toFixed(1)}${UNIT[r.unit] ?? ''}` : null);

/** The norm's usual range as "0-4°": the published range, else mean ± 1 SD; null without a norm. */
function usualRange(def: MeasurementDefinition, female: boolean | null): string | null {
  const norm = def.norm;
  if (!norm) return null;
  const stat: NormStat = norm.bySex && female !== null ? (female ? norm.bySex.female : norm.bySex.male) : norm;
  const range = stat.range ?? (stat.sd === null ? null : ([stat.mean - stat.sd, stat.mean + stat.sd] as const));
  if (range === null) return null;
  const unit = UNIT[def.unit] ?? '';
  const n = (v: number) => String(Math.round(v * 10) / 10);
  return `${n(range[0])} \u2013 ${n(range[1])}${unit}`;
}

/** What the chart's photo is to the plan: aligned (the morph can be drawn), there but not aligned, or absent. */
export interface ConsultationInput extends Omit<ReportInput, 'analysisId' | 'superimpositionTable'> {
  /** The chart's live facial photo's `chart_data` id, or null when it has none. */
  readonly photoId: number | null;
}

export function buildConsultationModel(input: ConsultationInput): ConsultationModel {
  const lang = input.lang ?? 'en';
  const positions: LandmarkMap<ImagePoint> = {};
  for (const l of reportLandmarks(input.record.inferResult, input.record.modifiedResult, lang))
    if (l.id !== null) positions[l.id] = imagePoint(l.x, l.y);
  const { calibration } = reportCalibration(input.record.rulerInfo, input.defaultPpm, lang, input.dicom ?? null);
  const date = localCalendarDate(input.now, input.timeZone);
  const config = readVtoStoConfig(input.record.vtoStoConfig ?? null);
  const moved =
    config !== null &&
    VTO_MOVEMENT_POINTS.some((p) => config.data.movements[p.key].horizontal !== 0 || config.data.movements[p.key].vertical !== 0);
  const run =
    moved && config ? simulateVto(positions, calibration, config.data.movements, softTissueRulesWithRatios(config.data.ratios)) : null;
  const predicted = run?.ok ? run.result : null;
  const planState: ConsultationModel['plan']['state'] = !moved
    ? 'none'
    : calibration.kind !== 'calibrated'
      ? 'uncalibrated'
      : predicted === null
        ? 'failed'
        : 'ok';
  const norms = chartNormSelection({
    birthDate: input.patient.birthInfo,
    shootDate: input.chart.shootDate ?? date,
    female: input.patient.gender,
    chartPopulation: readChartPopulation(input.record.drawingResult ?? null),
    defaultPopulation: input.defaultPopulation ?? 'caucasian',
  });
  const definitions = applyNormSet(
    CONSULTATION_MEASUREMENT_IDS.map((id) => getMeasurement(id)).filter((d): d is MeasurementDefinition => d !== undefined),
    norms,
  );
  const today = evaluateMeasurements(definitions, positions, calibration);
  const after = predicted === null ? null : evaluateMeasurements(definitions, predicted.landmarks, calibration);
  const labels = consultationLabels(lang);
  const vto = predicted === null ? null : vtoForReport(input.record, positions, calibration);
  const morph = vto?.morph && input.photoId !== null && vto.morph.photoChartDataId === input.photoId ? vto.morph : null;
  const photo: ConsultationPhotoState = input.photoId === null ? 'none' : morph !== null ? 'aligned' : 'not-aligned';
  const size = imgSizeSchema.safeParse(input.record.imgSize);
  const paths = (points: LandmarkMap<ImagePoint>) =>
    [...outlinePaths(points), ...toothOutlinePaths(points)].map((p) => ({ id: p.id, d: p.d }));
  return {
    lang,
    date,
    clinic: input.clinic,
    patientName: input.patient.firstName,
    chartId: input.chart.chartId,
    plan: {
      state: planState,
      sentences: config !== null && planState === 'ok' ? planSentences(config.data.movements, lang) : [],
      soft: predicted === null ? [] : softSentences(predicted.displacementsMm, lang),
    },
    // Only what this film measures: a measurement its landmarks do not give is left out, not shown as "-".
    measurements: definitions.flatMap((def, i) => {
      const id = CONSULTATION_MEASUREMENT_IDS.find((m) => m === def.id) ?? CONSULTATION_MEASUREMENT_IDS[0];
      const value = shown(today[i]);
      if (value === null) return [];
      const expected = after === null ? null : shown(after[i]);
      return [
        {
          id,
          name: labels.measures[id].name,
          explain: labels.measures[id].explain,
          today: value,
          after: expected,
          range: usualRange(def, input.patient.gender),
        },
      ];
    }),
    film: {
      size: size.success ? { width: size.data.width, height: size.data.height } : null,
      today: paths(positions),
      predicted: predicted === null ? [] : paths(predicted.landmarks),
    },
    photo,
    morph,
  };
}
