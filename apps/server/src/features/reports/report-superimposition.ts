import { TRACING_OUTLINES } from '@ceppro/ceph';
import { parseSuperimpositionData, type SuperimpositionResultSummary } from '@ceppro/contract';
import { fitText } from './pdf-text';
import { A4, type PdfDocument, type PdfPage, type Rgb } from './pdf-writer';

/**
 * The superimposition page of the report: the chart's stored superimposition (the result the
 * viewer's Superimposition tab last computed and kept in `superimposition_data`), drawn as the
 * chosen films' tracings in their colours on a dark ground, with the legend and the movement table
 * for each pair of consecutive films. Coordinates are the current film's pixels, scaled to fit.
 */

export type SuperimpositionReport = SuperimpositionResultSummary;

/** The stored result when the record has one with at least two films; anything else prints nothing. */
export function superimpositionForReport(stored: unknown): SuperimpositionReport | null {
  const result = parseSuperimpositionData(stored)?.result ?? null;
  return result !== null && result.films.length >= 2 ? result : null;
}

// Same page geometry as report-pdf.ts.
const MARGIN = 40;
const WIDTH = A4.width - MARGIN * 2;
const FOOTER_TOP = A4.height - 62;
const GREY: Rgb = [0.4, 0.4, 0.4];
const RULE: Rgb = [0.75, 0.75, 0.75];
const ROW_HEIGHT = 12;
const FIGURE_HEIGHT = 300;

const COLOURS: Record<SuperimpositionReport['films'][number]['colour'], Rgb> = {
  white: [1, 1, 1],
  red: [1, 0.3, 0.31],
  blue: [0.24, 0.55, 1],
  green: [0.2, 0.78, 0.35],
};

const METHOD_NAMES: Record<SuperimpositionReport['method'], string> = {
  'sn-at-s': 'SN registered at S',
  'best-fit': 'Best fit on the anterior cranial base',
  maxilla: 'Regional: maxilla (ANS-PNS)',
  mandible: 'Regional: mandible (symphysis and canal)',
};

const COLUMNS = [
  { key: 'id', title: 'Landmark', x: 0 },
  { key: 'dx', title: 'dx', x: 120 },
  { key: 'dy', title: 'dy', x: 200 },
  { key: 'distance', title: 'Distance', x: 280 },
] as const;

const num = (v: number) => (Math.round(v * 100) / 100).toFixed(2).replace(/^-(0\.00)$/, '$1');

/**
 * Adds the superimposition page(s) to `doc` and returns them (the caller adds the footers).
 * `header` draws the report's page header and answers where it ends.
 */
export function addSuperimpositionPages(doc: PdfDocument, result: SuperimpositionReport, header: (page: PdfPage) => number): PdfPage[] {
  const pages: PdfPage[] = [];
  const newPage = () => {
    const page = doc.addPage();
    pages.push(page);
    return { page, y: header(page) + 6 };
  };
  let { page, y } = newPage();
  page.text(MARGIN, y + 14, 'Superimposition', { size: 13, style: 'bold' });
  page.text(MARGIN, y + 28, `Method: ${METHOD_NAMES[result.method]} - computed ${result.computed_at.slice(0, 10)} - unit ${result.unit}`, { size: 9, color: GREY });
  y += 36;
  y = figure(page, result, y);
  y = legend(page, result, y + 8);
  page.text(MARGIN, y + 12, 'Movement between consecutive films, patient frame: dx + anterior, dy + superior.', { size: 8.5, color: GREY });
  y += 16;
  if (result.unit === 'px') {
    page.text(MARGIN, y + 12, 'Not every film is calibrated: movements are in px.', { size: 8.5, color: GREY });
    y += 14;
  }
  const dateOf = (chartId: string) => result.films.find((f) => f.chart_id === chartId)?.shoot_date ?? 'no date';
  const pairs = new Map<string, typeof result.movements>();
  for (const m of result.movements) pairs.set(`${m.from_chart_id}>${m.to_chart_id}`, [...(pairs.get(`${m.from_chart_id}>${m.to_chart_id}`) ?? []), m]);
  for (const rows of pairs.values()) {
    const first = rows[0];
    if (!first) continue;
    const title = `${dateOf(first.from_chart_id)} -> ${dateOf(first.to_chart_id)} (${result.unit})`;
    if (y + 3 * ROW_HEIGHT > FOOTER_TOP - 6) ({ page, y } = newPage());
    y = tableHeader(page, title, result.unit, y + 8);
    for (const row of rows) {
      if (y + ROW_HEIGHT > FOOTER_TOP - 6) {
        ({ page, y } = newPage());
        y = tableHeader(page, `${title} (continued)`, result.unit, y);
      }
      for (const c of COLUMNS) {
        const text = c.key === 'id' ? row.id : num(row[c.key]);
        page.text(MARGIN + c.x + 3, y + 9, fitText(text, 8, 76), { size: 8, style: c.key === 'id' ? 'bold' : 'regular' });
      }
      page.line(MARGIN, y + ROW_HEIGHT, MARGIN + 360, y + ROW_HEIGHT, 0.3, RULE);
      y += ROW_HEIGHT;
    }
  }
  return pages;
}

function figure(page: PdfPage, result: SuperimpositionReport, top: number): number {
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
    for (const outline of TRACING_OUTLINES) {
      const line = outline.landmarks.flatMap((id) => byId.get(id) ?? []);
      for (let i = 1; i < line.length; i++) {
        const a = line[i - 1];
        const b = line[i];
        if (a && b) page.line(a.x, a.y, b.x, b.y, 0.9, COLOURS[film.colour]);
      }
    }
  }
  return top + h;
}

function legend(page: PdfPage, result: SuperimpositionReport, top: number): number {
  result.films.forEach((film, i) => {
    const x = MARGIN + i * 130;
    page.rect(x, top + 2, 18, 6, [0.07, 0.07, 0.07]);
    page.rect(x + 2, top + 4, 14, 2, COLOURS[film.colour]);
    page.text(x + 24, top + 9, `${film.colour}: ${film.shoot_date ?? 'no date'}`, { size: 8.5 });
  });
  return top + 12;
}

function tableHeader(page: PdfPage, title: string, unit: string, top: number): number {
  page.text(MARGIN, top + 10, title, { size: 9.5, style: 'bold' });
  const y = top + 15;
  page.rect(MARGIN, y, 360, ROW_HEIGHT + 2, [0.92, 0.93, 0.95]);
  for (const c of COLUMNS) page.text(MARGIN + c.x + 3, y + 10, c.key === 'id' ? c.title : `${c.title} (${unit})`, { size: 8, style: 'bold' });
  return y + ROW_HEIGHT + 2;
}
