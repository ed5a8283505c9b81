import type { ReportGrowth } from '@ceppro/contract';
import type { PlacedImage, ReportDocument, ReportPage, Rgb } from '../../pdf/pdf-canvas';
import { GREY, MARGIN, PageFlow, WIDTH } from './report-layout';

/**
 * The planning page's growth forecast (contract report-growth.ts): the chart's stored choice, then, when
 * the forecast applies (a child, a calibrated film) and the film's size is known, the film with today's
 * tracing (yellow, solid) and the forecast over it (blue, dashed: the predicted outlines, each forecast
 * point's move and a ±1 SD ellipse around where it goes) under a caption with both styles and a legend
 * naming the method and what the SD means; then the point moves with their SD, the method and its
 * uncertainty, and the sources, as wrapped text.
 */

/** Today's tracing: the composed film's yellow (report-image.ts, #ffd60a), as the VTO page draws it. */
const TODAY: Rgb = [1, 0.84, 0.04];
/** The forecast: blue, a colour no other tracing of the report uses on the film. */
const FORECAST: Rgb = [0.15, 0.55, 1];
const FORECAST_DASH: readonly [number, number] = [3, 2];
/** The film panel's largest height, points. */
const PANEL_HEIGHT = 330;

/** A short stroke in a style, then its words; answers the x after them. */
function swatch(page: ReportPage, x: number, y: number, color: Rgb, text: string, dash?: readonly [number, number]): number {
  page.polyline(
    [
      { x, y: y - 3 },
      { x: x + 14, y: y - 3 },
    ],
    2,
    color,
    dash,
  );
  return x + 18 + page.text(x + 18, y, text, { size: 8, style: 'bold' }) + 14;
}

/** An ellipse of radii `rx`, `ry` (points) around `c`, as a closed polyline. */
function ellipse(c: { x: number; y: number }, rx: number, ry: number): { x: number; y: number }[] {
  return Array.from({ length: 33 }, (_, i) => {
    const a = (i / 32) * 2 * Math.PI;
    return { x: c.x + rx * Math.cos(a), y: c.y + ry * Math.sin(a) };
  });
}

/** The film with today's tracing and the forecast drawn over it, under its caption; answers the bottom. */
function drawForecast(
  page: ReportPage,
  top: number,
  film: PlacedImage,
  drawing: NonNullable<ReportGrowth['drawing']>,
  todayTracing: ReadonlyArray<{ readonly d: string }>,
): number {
  const right = swatch(page, MARGIN, top + 9, TODAY, drawing.todayCaption);
  swatch(page, right, top + 9, FORECAST, drawing.forecastCaption, FORECAST_DASH);
  const k = Math.min(WIDTH / drawing.filmSize.width, PANEL_HEIGHT / drawing.filmSize.height);
  const w = drawing.filmSize.width * k;
  const h = drawing.filmSize.height * k;
  const left = MARGIN + (WIDTH - w) / 2;
  const y = top + 16;
  page.image(film, left, y, w, h);
  const at = (p: { x: number; y: number }) => ({ x: left + p.x * k, y: y + p.y * k });
  // Today's tracing again as a solid line (the film's own is thin at this size), the forecast dashed over it.
  for (const path of todayTracing) page.svgPath(path.d, left, y, k, 1, TODAY);
  for (const line of drawing.outlines) page.polyline(line.map(at), 1.2, FORECAST, FORECAST_DASH);
  for (const point of drawing.points) {
    const from = at(point.from);
    const to = at(point.to);
    page.polyline([from, to], 0.8, FORECAST);
    page.polyline(ellipse(to, Math.max(1, point.sdX * k), Math.max(1, point.sdY * k)), 0.6, FORECAST);
    page.text(to.x + 3, to.y - 3, point.label, { size: 6, color: FORECAST, outline: { color: [0, 0, 0], width: 0.4 } });
  }
  return y + h;
}

/** The growth page(s); `film` is the report's composed film, `todayTracing` the model's `film.tracing`. */
export function addGrowthPage(
  doc: ReportDocument,
  growth: ReportGrowth,
  header: (page: ReportPage) => number,
  film: PlacedImage | null = null,
  todayTracing: ReadonlyArray<{ readonly d: string }> = [],
): ReportPage[] {
  const flow = new PageFlow(doc, header, 22);
  const paragraph = (text: string, size: number, options: { bold?: boolean; grey?: boolean } = {}) => {
    for (const line of doc.wrap(text, size, WIDTH)) {
      flow.ensure(size + 3);
      flow.page.text(MARGIN, flow.y, line, { size, ...(options.bold && { style: 'bold' as const }), ...(options.grey && { color: GREY }) });
      flow.y += size + 3;
    }
    flow.y += 4;
  };
  paragraph(growth.title, 12, { bold: true });
  paragraph(growth.choice, 9.5);
  const drawing = growth.drawing ?? null;
  if (drawing !== null && film !== null) {
    flow.ensure(PANEL_HEIGHT + 30);
    flow.y = drawForecast(flow.page, flow.y - 6, film, drawing, todayTracing) + 12;
    paragraph(drawing.legend, 8, { grey: true });
  }
  if (growth.points.length > 0) paragraph(growth.points.join(' · '), 9);
  paragraph(growth.method, 8.5);
  paragraph(growth.uncertainty, 8.5);
  for (const citation of growth.citations) paragraph(citation, 7.5, { grey: true });
  return flow.pages;
}
