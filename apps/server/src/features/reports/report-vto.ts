import { reportFootnotes, reportLabels, type ReportLabels, type VtoReport } from '@ceppro/contract';
import type { PlacedImage, ReportDocument, ReportPage, Rgb } from './pdf-canvas';
import { drawFootnotes, drawTable, GREY, MARGIN, PageFlow, WIDTH } from './report-layout';

/**
 * The VTO/STO page of the PDF, drawn from the report model's `vto` (packages/contract
 * report-model: the stored plan run again on the landmarks): the predicted tracing over the film,
 * the movement table, the chosen soft-tissue ratios and the predicted measurements.
 */

const PREDICTED: Rgb = [1, 0.48, 0];

/** The VTO/STO page(s); `film` is the report's composed film (today's tracing drawn on it). */
export function addVtoPages(
  doc: ReportDocument,
  report: VtoReport,
  header: (page: ReportPage) => number,
  film: PlacedImage,
  labels: ReportLabels = reportLabels('en'),
  /** Draws the film's words over it where it was placed (points; `width` the placed width). */
  filmTexts?: (page: ReportPage, left: number, top: number, width: number) => void,
): ReportPage[] {
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
    for (const line of report.outlines)
      page.polyline(
        line.map((p) => ({ x: left + p.x * k, y: y + p.y * k })),
        1.2,
        PREDICTED,
      );
    filmTexts?.(page, left, y, w);
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
  const footnotes = reportFootnotes(report.rows);
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
    mark: (index, column) => {
      const n = column === 0 ? footnotes.marks[index]?.name : null;
      return n === null || n === undefined ? null : String(n);
    },
  });
  drawFootnotes(flow, footnotes.notes);
  return flow.pages;
}
