import { TRACING_OUTLINES } from '@ceppro/ceph';
import {
  fillLabel,
  reportLabels,
  reportLandmarkLabel,
  superimpositionSummary,
  type ReportLabels,
  type SuperimpositionReport,
} from '@ceppro/contract';
import type { ReportDocument, ReportPage, Rgb } from '../../pdf/pdf-canvas';
import { drawTable, GREY, MARGIN, PageFlow, WIDTH } from './report-layout';

/**
 * The superimposition page of the PDF: the report model's `superimposition` (the result the
 * viewer's Superimposition tab last computed and kept in `superimposition_data`), drawn as the
 * chosen films' tracings in their colours on a dark ground, with the legend and, for each pair of
 * consecutive films, the summary a clinician reads (contract `superimpositionSummary`: the clinical
 * points' movements and the SN / FH rotations); every landmark's movement only as an appendix when
 * asked (`showAll`, the request's `superimposition_table`). Coordinates are the current film's
 * pixels, scaled to fit.
 */

const FIGURE_HEIGHT = 300;

const COLOURS: Record<SuperimpositionReport['films'][number]['colour'], Rgb> = {
  white: [1, 1, 1],
  red: [1, 0.3, 0.31],
  blue: [0.24, 0.55, 1],
  green: [0.2, 0.78, 0.35],
};

const METHOD_KEYS = {
  'sn-at-s': 'methodSnAtS',
  'best-fit': 'methodBestFit',
  maxilla: 'methodMaxilla',
  mandible: 'methodMandible',
} as const satisfies Record<SuperimpositionReport['method'], keyof ReportLabels>;

const num = (v: number) => (Math.round(v * 100) / 100).toFixed(2).replace(/^-(0\.00)$/, '$1');

/**
 * Adds the superimposition page(s) to `doc` and returns them (the caller adds the footers).
 * `header` draws the report's page header and answers where it ends.
 */
export function addSuperimpositionPages(
  doc: ReportDocument,
  result: SuperimpositionReport,
  header: (page: ReportPage) => number,
  labels: ReportLabels = reportLabels('en'),
  showAll = false,
): ReportPage[] {
  const flow = new PageFlow(doc, header);
  const { page } = flow;
  let y = flow.y;
  page.text(MARGIN, y + 14, labels.superimposition, { size: 13, style: 'bold' });
  page.text(
    MARGIN,
    y + 28,
    fillLabel(labels.superMethod, { method: labels[METHOD_KEYS[result.method]], date: result.computed_at.slice(0, 10), unit: result.unit }),
    { size: 9, color: GREY },
  );
  y += 36;
  y = figure(page, result, y);
  y = legend(page, result, y + 8, labels);
  for (const text of doc.wrap(labels.superNote, 8.5, WIDTH)) {
    page.text(MARGIN, y + 12, text, { size: 8.5, color: GREY });
    y += 12;
  }
  y += 4;
  if (result.unit === 'px') {
    page.text(MARGIN, y + 12, labels.superPx, { size: 8.5, color: GREY });
    y += 14;
  }
  flow.y = y + 8;
  const dateOf = (chartId: string) => result.films.find((f) => f.chart_id === chartId)?.shoot_date ?? labels.filmNoDate;
  const pairs = superimpositionSummary(result);
  const movementTable = (rows: SuperimpositionReport['movements'], title: string) =>
    drawTable(flow, {
      title,
      titleSize: 9.5,
      continued: labels.continued,
      width: 360,
      columns: [
        { title: labels.landmark, x: 0, width: 120, bold: true },
        { title: `dx (${result.unit})`, x: 120, width: 80 },
        { title: `dy (${result.unit})`, x: 200, width: 80 },
        { title: `${labels.distance} (${result.unit})`, x: 280, width: 80 },
      ],
      rows: rows.map((row) => [reportLandmarkLabel(row.id), num(row.dx), num(row.dy), num(row.distance)]),
    });
  for (const pair of pairs) {
    const span = `${dateOf(pair.from)} -> ${dateOf(pair.to)}`;
    if (pair.points.length > 0) movementTable(pair.points, `${labels.superSummary}: ${span} (${result.unit})`);
    flow.y += 6;
    if (pair.planes.length > 0) {
      drawTable(flow, {
        title: `${labels.superPlanes}: ${span}`,
        titleSize: 9.5,
        continued: labels.continued,
        width: 360,
        columns: [
          { title: labels.plane, x: 0, width: 120, bold: true },
          { title: labels.rotation, x: 120, width: 240 },
        ],
        rows: pair.planes.map((p) => [p.name, `${num(p.rotation)}\u00b0`]),
      });
    }
    flow.y += 8;
  }
  // The full list only on request (`superimposition_table`): every landmark of every pair is pages of small figures.
  if (showAll) {
    flow.newPage();
    flow.page.text(MARGIN, flow.y + 8, labels.superAppendix, { size: 12, style: 'bold' });
    flow.y += 16;
    for (const pair of pairs) {
      movementTable(pair.all, `${dateOf(pair.from)} -> ${dateOf(pair.to)} (${result.unit})`);
      flow.y += 8;
    }
  }
  return flow.pages;
}

function figure(page: ReportPage, result: SuperimpositionReport, top: number): number {
  const pts = result.films.flatMap((f) => f.landmarks);
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => p.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const pad = Math.max(x1 - x0, y1 - y0) * 0.05 + 1;
  const scale = Math.min(WIDTH / (x1 - x0 + 2 * pad), FIGURE_HEIGHT / (y1 - y0 + 2 * pad));
  const w = (x1 - x0 + 2 * pad) * scale;
  const h = (y1 - y0 + 2 * pad) * scale;
  const left = MARGIN + (WIDTH - w) / 2;
  page.rect(left, top, w, h, [0.07, 0.07, 0.07]);
  const at = (p: { x: number; y: number }) => ({ x: left + (p.x - x0 + pad) * scale, y: top + (p.y - y0 + pad) * scale });
  for (const film of result.films) {
    const byId = new Map(film.landmarks.map((p) => [p.id, at(p)]));
    for (const outline of TRACING_OUTLINES)
      page.polyline(
        outline.landmarks.flatMap((id) => byId.get(id) ?? []),
        0.9,
        COLOURS[film.colour],
      );
  }
  return top + h;
}

function legend(page: ReportPage, result: SuperimpositionReport, top: number, labels: ReportLabels): number {
  result.films.forEach((film, i) => {
    const x = MARGIN + i * 130;
    page.rect(x, top + 2, 18, 6, [0.07, 0.07, 0.07]);
    page.rect(x + 2, top + 4, 14, 2, COLOURS[film.colour]);
    page.text(x + 24, top + 9, `${labels[film.colour]}: ${film.shoot_date ?? labels.filmNoDate}`, { size: 8.5 });
  });
  return top + 12;
}
