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
import { VTO_MEASUREMENT_IDS, imgSizeSchema, readVtoStoConfig } from '@ceppro/contract';
import { fitText } from './pdf-text';
import { A4, type JpegImage, type PdfDocument, type PdfPage, type Rgb } from './pdf-writer';

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

export function vtoForReport(record: { vtoStoConfig?: unknown; imgSize?: unknown }, positions: LandmarkMap<ImagePoint>, calibration: Calibration): VtoReport | null {
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
    movements: VTO_MOVEMENT_POINTS.map((p) => ({ label: p.label, horizontal: table[p.key].horizontal.toFixed(1), vertical: table[p.key].vertical.toFixed(1) })),
    ratios: SOFT_TISSUE_RATIO_GROUPS.map((g) => {
      const driver = g.driver === 'own' ? 'the bone beneath' : getLandmark(g.driver).shortName;
      return `${g.soft.map((id) => getLandmark(id).shortName).join(', ')}: ${chosenRatio(g, config.data.ratios).toFixed(2)} x ${driver} (range ${g.min}-${g.max})`;
    }),
    softMoves: SOFT_TISSUE_RATIO_GROUPS.flatMap((g) => g.soft).flatMap((id) => {
      const d = run.result.displacementsMm[id];
      return d === undefined ? [] : [`${getLandmark(id).shortName}: ${signed(d.x, 2)} mm horizontal, ${signed(d.y, 2)} mm vertical`];
    }),
    rows: definitions.map((d, i) => {
      const t = before[i] as MeasurementResult;
      const p = after[i] as MeasurementResult;
      return { name: d.name, today: value(t), predicted: value(p), change: t.status === 'ok' && p.status === 'ok' ? `${signed(p.value - t.value)}${UNIT[p.unit] ?? ''}` : '-' };
    }),
    outlines: TRACING_OUTLINES.map((o) => o.landmarks.flatMap((id) => (predicted[id] ? [predicted[id]] : []))).filter((line) => line.length >= 2),
    filmSize: size.success ? size.data : null,
  };
}

// Same page geometry as report-pdf.ts.
const MARGIN = 40;
const WIDTH = A4.width - MARGIN * 2;
const FOOTER_TOP = A4.height - 62;
const GREY: Rgb = [0.4, 0.4, 0.4];
const RULE: Rgb = [0.75, 0.75, 0.75];
const PREDICTED: Rgb = [1, 0.48, 0];
const ROW = 12;

/** The VTO/STO page(s); `film` is the report's composed film (today's tracing drawn on it). */
export function addVtoPages(doc: PdfDocument, report: VtoReport, header: (page: PdfPage) => number, film: { index: number; image: JpegImage }): PdfPage[] {
  let page = doc.addPage();
  const pages = [page];
  let y = header(page) + 22;
  page.text(MARGIN, y, 'VTO/STO prediction', { size: 12, style: 'bold' });
  page.text(MARGIN, y + 13, 'Orange: predicted tracing; yellow: today. Soft tissue follows the hard tissue by the ratios below.', { size: 8.5, color: GREY });
  y += 22;
  if (report.filmSize !== null) {
    const scale = Math.min(WIDTH / film.image.width, 250 / film.image.height);
    const w = film.image.width * scale;
    const h = film.image.height * scale;
    const left = MARGIN + (WIDTH - w) / 2;
    page.image(film.index, left, y, w, h);
    const k = w / report.filmSize.width;
    for (const line of report.outlines) {
      for (let i = 1; i < line.length; i += 1) {
        const a = line[i - 1] as { x: number; y: number };
        const b = line[i] as { x: number; y: number };
        page.line(left + a.x * k, y + a.y * k, left + b.x * k, y + b.y * k, 1.2, PREDICTED);
      }
    }
    y += h + 12;
  }
  // Movement table (left) and ratios (right).
  const top = y;
  page.text(MARGIN, y + 9, 'Movement (mm)', { size: 9, style: 'bold' });
  page.text(MARGIN + 110, y + 9, 'Horizontal', { size: 8, color: GREY });
  page.text(MARGIN + 165, y + 9, 'Vertical', { size: 8, color: GREY });
  y += ROW;
  for (const m of report.movements) {
    page.text(MARGIN + 3, y + 9, m.label, { size: 8.5 });
    page.text(MARGIN + 110, y + 9, m.horizontal, { size: 8.5 });
    page.text(MARGIN + 165, y + 9, m.vertical, { size: 8.5 });
    page.line(MARGIN, y + ROW, MARGIN + 210, y + ROW, 0.3, RULE);
    y += ROW;
  }
  let right = top;
  page.text(MARGIN + 230, right + 9, 'Soft-tissue ratios (soft : hard)', { size: 9, style: 'bold' });
  right += ROW;
  for (const line of [...report.ratios, '', ...report.softMoves]) {
    page.text(MARGIN + 230, right + 9, fitText(line, 7.5, WIDTH - 230), { size: 7.5 });
    right += 9;
  }
  y = Math.max(y, right) + 12;
  const row = (cells: readonly string[], bold: boolean) => {
    const xs = [0, 200, 280, 360];
    cells.forEach((c, i) => page.text(MARGIN + 3 + (xs[i] ?? 0), y + 9, fitText(c, 8, 190), { size: 8, style: bold ? 'bold' : 'regular' }));
    page.line(MARGIN, y + ROW, MARGIN + WIDTH, y + ROW, 0.3, RULE);
    y += ROW;
  };
  page.text(MARGIN, y + 9, 'Predicted measurements', { size: 9, style: 'bold' });
  y += ROW + 2;
  row(['Measurement', 'Today', 'Predicted', 'Change'], true);
  for (const r of report.rows) {
    if (y + ROW > FOOTER_TOP - 6) {
      page = doc.addPage();
      pages.push(page);
      y = header(page) + 14;
    }
    row([r.name, r.today, r.predicted, r.change], false);
  }
  return pages;
}
