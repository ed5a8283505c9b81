import {
  PROFILOGRAM_TEMPLATE_SOURCE,
  SOFT_TISSUE_RATIO_GROUPS,
  SURGICAL_SEGMENTS,
  SURGICAL_SOFT_TISSUE_RATIOS,
  TRACING_OUTLINES,
  VTO_MOVEMENT_POINTS,
  chosenRatio,
  chosenSurgicalRatio,
  computeProfilogramResult,
  evaluateMeasurements,
  freeMeasurementValue,
  getLandmark,
  getMeasurement,
  invertAffine,
  planeRotation,
  simulatePlan,
  softTissueRulesWithRatios,
  type AutorotationOutcome,
  type Calibration,
  type ImagePoint,
  type LandmarkMap,
  type MeasurementDefinition,
  type MeasurementResult,
  type Vec2,
  type VtoResult,
} from '@ceppro/ceph';
import { imgSizeSchema } from '../analysis-record';
import { measurementNote, vtoPointLabel } from '../clinical-vocabulary/index';
import { fillLabel, reportLabels, type ReportLabels } from '../report-labels';
import { formatFreeMeasurement, readMeasurements } from '../viewer-documents/measurements';
import { readProfilogramDocument } from '../viewer-documents/profilogram';
import { superimpositionResultSummarySchema } from '../viewer-documents/superimposition';
import { VTO_MEASUREMENT_IDS, readVtoStoConfig, surgicalChoicesOf, type VtoStoConfig } from '../viewer-documents/vto';
import { REPORT_UNIT_SUFFIX, reportMeasurementName } from './report-rows';
import type { ProfilogramReport, SuperimpositionReport, VtoReport } from './schema';

/**
 * The report's planning sections, from the record as stored. docs/house-rules.md §3: the profilogram and
 * the VTO/STO prediction are derived again from the landmarks with the options the viewer stored,
 * never read back; nothing stored, nothing printed.
 */

/**
 * The superimposition the caller computed from the record's stored choices (`superimposition_data`
 * holds no result: the server's report runs the superimposition endpoint's computation) when it has at
 * least two films; anything else prints nothing.
 */
export function superimpositionForReport(computed: unknown): SuperimpositionReport | null {
  const result = superimpositionResultSummarySchema.safeParse(computed ?? null);
  return result.success && result.data.films.length >= 2 ? result.data : null;
}

/**
 * The points a clinician reads a superimposition by (reference §6.3: the registration structures and
 * what treatment and growth move): cranial base S, N; maxilla A; mandible B, Pog, Me, Go; incisors
 * U1, L1; soft-tissue chin and lips Pog', Ls, Li. The report's summary prints these; the full
 * landmark list is an appendix on request.
 */
export const SUPERIMPOSITION_SUMMARY_POINTS = ['S', 'N', 'A', 'B', 'Pog', 'Me', 'Go', 'U1', 'L1', 'stPog', 'Ls', 'Li'] as const;

/** The reference planes whose rotation between films the summary prints: SN (S -> N) and FH (Po -> Or). */
export const SUPERIMPOSITION_SUMMARY_PLANES = [
  { name: 'SN', from: 'S', to: 'N' },
  { name: 'FH', from: 'Po', to: 'Or' },
] as const;

/** One pair of consecutive films in the summary: the clinical points' movements and the planes' rotations. */
export interface SuperimpositionPairSummary {
  readonly from: string;
  readonly to: string;
  /** Movements of the summary points present, in SUPERIMPOSITION_SUMMARY_POINTS order (the stored unit). */
  readonly points: SuperimpositionReport['movements'];
  /** Degrees, + counter-clockwise as the films are drawn (image y down); a plane missing on either film is left out. */
  readonly planes: ReadonlyArray<{ readonly name: string; readonly rotation: number }>;
  /** Every stored movement of the pair (the appendix). */
  readonly all: SuperimpositionReport['movements'];
}

/** The stored movements grouped by pair of films (in stored order), with the summary of each pair. */
export function superimpositionSummary(result: SuperimpositionReport): SuperimpositionPairSummary[] {
  const pairs = new Map<string, SuperimpositionReport['movements']>();
  for (const m of result.movements) {
    const key = `${m.from_chart_id}>${m.to_chart_id}`;
    pairs.set(key, [...(pairs.get(key) ?? []), m]);
  }
  const films = new Map(result.films.map((f) => [f.chart_id, new Map(f.landmarks.map((p) => [p.id, p]))]));
  const line = (chartId: string, from: string, to: string): [Vec2, Vec2] | null => {
    const a = films.get(chartId)?.get(from);
    const b = films.get(chartId)?.get(to);
    return a && b ? [a, b] : null;
  };
  return [...pairs.values()].flatMap((all) => {
    const first = all[0];
    if (!first) return [];
    const { from_chart_id: from, to_chart_id: to } = first;
    const byId = new Map(all.map((m) => [m.id, m]));
    const points = SUPERIMPOSITION_SUMMARY_POINTS.flatMap((id) => byId.get(id) ?? []);
    const planes = SUPERIMPOSITION_SUMMARY_PLANES.flatMap((plane) => {
      const before = line(from, plane.from, plane.to);
      const after = line(to, plane.from, plane.to);
      const turn = before === null || after === null ? null : planeRotation(before, after);
      return turn === null ? [] : [{ name: plane.name, rotation: turn }];
    });
    return [{ from, to, points, planes, all }];
  });
}

/**
 * The profilogram's norm note in the report's language: the shipped Björk template is described in
 * every language (`normTemplateBjork`); a template this version does not know keeps its stored words.
 */
export function profilogramNormNote(templateSource: string, labels: Pick<ReportLabels, 'normTemplate' | 'normTemplateBjork'>): string {
  return templateSource === PROFILOGRAM_TEMPLATE_SOURCE
    ? labels.normTemplateBjork
    : fillLabel(labels.normTemplate, { source: templateSource });
}

/**
 * The profilogram (computed here with the stored options of `profilogram_result`, which holds only
 * the options: docs/house-rules.md §3) and the free
 * measurements of `drawing_result.measurements` (values derived with the film's calibration).
 */
export function profilogramForReport(
  record: { profilogramResult?: unknown; drawingResult?: unknown },
  positions: LandmarkMap<ImagePoint>,
  calibration: Calibration,
  labels: ReportLabels = reportLabels('en'),
): ProfilogramReport | null {
  const stored = readProfilogramDocument(record.profilogramResult ?? null);
  const computed = stored === null ? null : computeProfilogramResult(positions, calibration, stored.options);
  const profilogram = computed?.ok ? computed.result : null;
  const measurements = readMeasurements(record.drawingResult ?? null).map((m, i) => ({
    name: m.name || fillLabel(m.kind === 'distance' ? labels.distanceN : labels.angleN, { n: i + 1 }),
    value: formatFreeMeasurement(freeMeasurementValue(m, calibration)),
  }));
  return profilogram === null && measurements.length === 0 ? null : { profilogram, measurements };
}

const signed = (v: number, digits = 1) => {
  const text = Math.abs(v).toFixed(digits);
  return /^0\.?0*$/.test(text) ? text : `${v > 0 ? '+' : '-'}${text}`;
};
const plainPoint = (p: ImagePoint | undefined) => (p ? [{ x: p.x, y: p.y }] : []);
const withUnit = (text: string, unit: string) => `${text}${REPORT_UNIT_SUFFIX[unit] ?? ''}`;
const value = (r: MeasurementResult) => (r.status === 'ok' ? withUnit(r.value.toFixed(r.unit === 'ratio' ? 2 : 1), r.unit) : '-');

/** The photo morph's inputs when the plan aligned a photo with an invertible transform; null otherwise. */
function morphOf(config: VtoStoConfig, warp: VtoResult['warp']): NonNullable<VtoReport['morph']> | null {
  const align = config.autoAlign;
  if (align === null || invertAffine(align.transform) === null) return null;
  const { controls, weightsX, weightsY, affineX, affineY, centre, radius } = warp;
  return {
    photoChartDataId: align.photo_chart_data_id,
    transform: align.transform,
    quality: config.data.flags.refinement ? 'fine' : 'coarse',
    warp: {
      controls: controls.map((p) => ({ x: p.x, y: p.y })),
      weightsX: [...weightsX],
      weightsY: [...weightsY],
      affineX: [...affineX],
      affineY: [...affineY],
      centre: { x: centre.x, y: centre.y },
      radius,
    },
  };
}

/** The autorotation as one printed line; null when the plan did not ask for it. */
function autorotationLine(outcome: AutorotationOutcome | null, labels: ReportLabels): string | null {
  if (outcome === null) return null;
  if (outcome.status !== 'ok') return labels.autorotationNone;
  return fillLabel(labels.autorotationLine, {
    angle: signed(outcome.angleDeg, 1),
    hinge: outcome.hinge === 'estimate' ? labels.hingeEstimate : getLandmark(outcome.hinge).shortName,
    contact: outcome.contact === 'molar' ? labels.contactMolar : labels.contactIncisor,
    rise: signed(outcome.riseMm, 1),
  });
}

/**
 * The stored VTO/STO plan (`vto_sto_config`) run on the landmarks: movement table, chosen
 * soft-tissue ratios, soft-tissue moves, predicted measurements and the predicted outlines (film px).
 * null when the plan moves nothing or cannot run (an uncalibrated film).
 */
export function vtoForReport(
  record: { vtoStoConfig?: unknown; imgSize?: unknown },
  positions: LandmarkMap<ImagePoint>,
  calibration: Calibration,
  labels: ReportLabels = reportLabels('en'),
): VtoReport | null {
  const config = readVtoStoConfig(record.vtoStoConfig ?? null);
  if (config === null) return null;
  const table = config.data.movements;
  const choices = surgicalChoicesOf(config.data);
  const sto = choices.mode === 'sto';
  const segmentMoves = SURGICAL_SEGMENTS.filter((g) => {
    const m = choices.surgery[g.id];
    return m.horizontal !== 0 || m.vertical !== 0 || m.rotation !== 0;
  });
  const moved = sto
    ? segmentMoves.length > 0
    : VTO_MOVEMENT_POINTS.some((p) => table[p.key].horizontal !== 0 || table[p.key].vertical !== 0);
  if (!moved && !(choices.autorotation.enabled && choices.autorotation.verticalMm !== 0)) return null;
  const run = simulatePlan(positions, calibration, { ...choices, movements: table, rules: softTissueRulesWithRatios(config.data.ratios) });
  if (!run.ok) return null;
  const predicted = run.result.landmarks;
  const definitions = VTO_MEASUREMENT_IDS.map((id) => getMeasurement(id)).filter((d): d is MeasurementDefinition => d !== undefined);
  const before = evaluateMeasurements(definitions, positions, calibration);
  const after = evaluateMeasurements(definitions, predicted, calibration);
  const size = imgSizeSchema.safeParse(record.imgSize);
  const segmentLabel = { maxilla: labels.segmentMaxilla, mandible: labels.segmentMandible, chin: labels.segmentChin };
  const softIds = sto ? [...new Set(SURGICAL_SOFT_TISSUE_RATIOS.flatMap((r) => r.soft))] : SOFT_TISSUE_RATIO_GROUPS.flatMap((g) => g.soft);
  return {
    mode: choices.mode,
    segments: sto
      ? segmentMoves.map((g) => {
          const m = choices.surgery[g.id];
          const pivot = getLandmark(m.pivot).shortName;
          return {
            label: segmentLabel[g.id],
            horizontal: m.horizontal.toFixed(1),
            vertical: m.vertical.toFixed(1),
            rotation: m.rotation.toFixed(1),
            pivot,
          };
        })
      : [],
    autorotation: autorotationLine(run.result.autorotation, labels),
    movements: sto
      ? []
      : VTO_MOVEMENT_POINTS.map((p) => ({
          label: vtoPointLabel(p.key, labels.lang),
          horizontal: table[p.key].horizontal.toFixed(1),
          vertical: table[p.key].vertical.toFixed(1),
        })),
    ratios: sto
      ? SURGICAL_SOFT_TISSUE_RATIOS.map((r) => {
          const driver = r.driver === 'own' ? labels.boneBeneath : getLandmark(r.driver).shortName;
          const soft = r.soft.map((id) => getLandmark(id).shortName).join(', ');
          const ratio = chosenSurgicalRatio(r, choices.surgicalRatios).toFixed(2);
          const direction = r.direction === 'advance' ? labels.directionAdvance : r.direction === 'setback' ? labels.directionSetback : '';
          return fillLabel(labels.stoRatioLine, { soft, ratio, driver, segment: segmentLabel[r.segment], direction });
        })
      : SOFT_TISSUE_RATIO_GROUPS.map((g) => {
          const driver = g.driver === 'own' ? labels.boneBeneath : getLandmark(g.driver).shortName;
          const soft = g.soft.map((id) => getLandmark(id).shortName).join(', ');
          return fillLabel(labels.ratioLine, {
            soft,
            ratio: chosenRatio(g, config.data.ratios).toFixed(2),
            driver,
            min: g.min,
            max: g.max,
          });
        }),
    softMoves: softIds.flatMap((id) => {
      const d = run.result.displacementsMm[id];
      if (d === undefined) return [];
      return [fillLabel(labels.softMove, { name: getLandmark(id).shortName, dx: signed(d.x, 2), dy: signed(d.y, 2) })];
    }),
    rows: definitions.map((d, i) => {
      const t = before[i] as MeasurementResult;
      const p = after[i] as MeasurementResult;
      const change = t.status === 'ok' && p.status === 'ok' ? withUnit(signed(p.value - t.value), p.unit) : '-';
      const note = measurementNote(d.id, labels.lang);
      return { name: reportMeasurementName(d, labels.lang), today: value(t), predicted: value(p), change, note };
    }),
    outlines: TRACING_OUTLINES.map((o) => o.landmarks.flatMap((id) => plainPoint(predicted[id]))).filter((line) => line.length >= 2),
    filmSize: size.success ? size.data : null,
    morph: morphOf(config, run.result.warp),
  };
}
