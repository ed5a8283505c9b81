import {
  SOFT_TISSUE_RATIO_GROUPS,
  TRACING_OUTLINES,
  VTO_MOVEMENT_POINTS,
  chosenRatio,
  evaluateMeasurements,
  getLandmark,
  getMeasurement,
  simulateVto,
  softTissueRulesWithRatios,
  type Calibration,
  type ImagePoint,
  type LandmarkMap,
  type MeasurementDefinition,
  type MeasurementResult,
} from '@ceppro/ceph';
import { VTO_MEASUREMENT_IDS, fillLabel, imgSizeSchema, readVtoStoConfig, reportLabels, type ReportLabels } from '@ceppro/contract';
import type { PlacedImage, ReportDocument, ReportPage, Rgb } from './pdf-canvas';
import { drawTable, GREY, MARGIN, PageFlow, WIDTH } from './report-layout';
import { measurementName, vtoPoint } from './report-vocabulary';

/**
 * The VTO/STO page of the report: the stored plan (`vto_sto_config`) run again on the chart's
 * landmarks with packages/ceph (house style 3: the prediction is derived, never read back), the
 * predicted tracing over the film, the movement table, the chosen soft-tissue ratios and the
 * predicted measurements. No page when the plan moves nothing or the film is uncalibrated.
 */
export interface VtoReport {
  readonly movements: readonly { readonly label: string; readonly horizontal: string; readonly vertical: string }[];
  readonly ratios: readonly string[];
  readonly softMoves: readonly string[];
  readonly rows: readonly { readonly name: string; readonly today: string; readonly predicted: string; readonly change: string }[];
  /** Predicted outlines in film px, and the film's size (null: the record has no image size, no film drawn). */
  readonly outlines: readonly (readonly { readonly x: number; readonly y: number }[])[];
  readonly filmSize: { readonly width: number; readonly height: number } | null;
}

const UNIT: Record<string, string> = { deg: '\u00b0', mm: ' mm', px: ' px', ratio: '', '%': '%' };
const signed = (v: number, digits = 1) => {
  const text = Math.abs(v).toFixed(digits);
  return /^0\.?0*$/.test(text) ? text : `${v > 0 ? '+' : '-'}${text}`;
};
const value = (r: MeasurementResult) => (r.status === 'ok' ? `${r.value.toFixed(r.unit === 'ratio' ? 2 : 1)}${UNIT[r.unit] ?? ''}` : '-');

export function vtoForReport(record: { vtoStoConfig?: unknown; imgSize?: unknown }, positions: LandmarkMap<ImagePoint>, calibration: Calibration, labels: ReportLabels = reportLabels('en')): VtoReport | null {
  const config = readVtoStoConfig(record.vtoStoConfig ?? null);
  if (config === null) return null;
  const table = config.data.movements;
  if (!VTO_MOVEMENT_POINTS.some((p) => table[p.key].horizontal !== 0 || table[p.key].vertical !== 0)) return null;
  const run = simulateVto(positions, calibration, table, softTissueRulesWithRatios(config.data.ratios));
  if (!run.ok) return null;
  const predicted = run.result.landmarks;
  const definitions = VTO_MEASUREMENT_IDS.map((id) => getMeasurement(id)).filter((d): d is MeasurementDefinition => d !== undefined);
  const before = evaluateMeasurements(definitions, positions, calibration);
  const after = evaluateMeasurements(definitions, predicted, calibration);
  const size = imgSizeSchema.safeParse(record.imgSize);
  return {
    movements: VTO_MOVEMENT_POINTS.map((p) => ({ label: vtoPoint(p.key, labels.lang), horizontal: table[p.key].horizontal.toFixed(1), vertical: table[p.key].vertical.toFixed(1) })),
    ratios: SOFT_TISSUE_RATIO_GROUPS.map((g) => {
      const driver = g.driver === 'own' ? labels.boneBeneath : getLandmark(g.driver).shortName;
      return fillLabel(labels.ratioLine, { soft: g.soft.map((id) => getLandmark(id).shortName).join(', '), ratio: chosenRatio(g, config.data.ratios).toFixed(2), driver, min: g.min, max: g.max });
    }),
    softMoves: SOFT_TISSUE_RATIO_GROUPS.flatMap((g) => g.soft).flatMap((id) => {
      const d = run.result.displacementsMm[id];
      return d === undefined ? [] : [fillLabel(labels.softMove, { name: getLandmark(id).shortName, dx: signed(d.x, 2), dy: signed(d.y, 2) })];
    }),
    rows: definitions.map((d, i) => {
      const t = before[i] as MeasurementResult;
      const p = after[i] as MeasurementResult;
      return { name: measurementName(d, labels.lang), today: value(t), predicted: value(p), change: t.status === 'ok' && p.status === 'ok' ? `${signed(p.value - t.value)}${UNIT[p.unit] ?? ''}` : '-' };
    }),
    outlines: TRACING_OUTLINES.map((o) => o.landmarks.flatMap((id) => (predicted[id] ? [predicted[id]] : []))).filter((line) => line.length >= 2),
    filmSize: size.success ? size.data : null,
  };
}

const PREDICTED: Rgb = [1, 0.48, 0];

/** The VTO/STO page(s); `film` is the report's composed film (today's tracing drawn on it). */
export function addVtoPages(doc: ReportDocument, report: VtoReport, header: (page: ReportPage) => number, film: PlacedImage, labels: ReportLabels = reportLabels('en')): ReportPage[] {
  const flow = new PageFlow(doc, header, 22);
  const { page } = flow;
  let y = flow.y;
  page.text(MARGIN, y, labels.vtoTitle, { size: 12, style: 'bold' });
  page.text(MARGIN, y + 13, labels.vtoLegend, { size: 8.5, color: GREY });
  y += 22;
  if (report.filmSize !== null) {
    const scale = Math.min(WIDTH / film.width, 250 / film.height);
    const w = film.width * scale;
    const h = film.height * scale;
    const left = MARGIN + (WIDTH - w) / 2;
    page.image(film, left, y, w, h);
    const k = w / report.filmSize.width;
    for (const line of report.outlines) page.polyline(line.map((p) => ({ x: left + p.x * k, y: y + p.y * k })), 1.2, PREDICTED);
    y += h + 12;
  }
  // Movement table (left) and ratios (right).
  flow.y = y;
  drawTable(flow, {
    title: labels.movementMm,
    titleSize: 9,
    continued: labels.continued,
    width: 210,
    size: 8.5,
    columns: [
      { title: '', x: 0, width: 110 },
      { title: labels.horizontal, x: 110, width: 55 },
      { title: labels.vertical, x: 165, width: 45 },
    ],
    rows: report.movements.map((m) => [m.label, m.horizontal, m.vertical]),
  });
  const left = flow.y;
  let right = y;
  page.text(MARGIN + 230, right + 10, labels.ratiosTitle, { size: 9, style: 'bold' });
  right += 14;
  for (const line of [...report.ratios, '', ...report.softMoves]) {
    for (const text of doc.wrap(line, 7.5, WIDTH - 230)) {
      if (text !== '') page.text(MARGIN + 230, right + 9, text, { size: 7.5 });
      right += 9;
    }
  }
  flow.y = Math.max(left, right) + 12;
  drawTable(flow, {
    title: labels.predictedTitle,
    titleSize: 9,
    continued: labels.continued,
    columns: [
      { title: labels.measurement, x: 0, width: 200 },
      { title: labels.today, x: 200, width: 80 },
      { title: labels.predicted, x: 280, width: 80 },
      { title: labels.change, x: 360, width: WIDTH - 360 },
    ],
    rows: report.rows.map((r) => [r.name, r.today, r.predicted, r.change]),
  });
  return flow.pages;
}
