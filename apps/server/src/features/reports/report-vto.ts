import { fillLabel, reportFootnotes, reportLabels, type ReportLabels, type VtoReport } from '@ceppro/contract';
import type { PlacedImage, ReportDocument, ReportPage, Rgb } from '../../pdf/pdf-canvas';
import { drawFootnotes, drawTable, GREY, MARGIN, PageFlow, WIDTH } from './report-layout';

/**
 * The VTO/STO page of the PDF, drawn from the report model's `vto` (packages/contract
 * report-model: the stored plan run again on the landmarks): today's film and tracing beside the
 * same film with the predicted tracing over today's, the facial photo before and after the morph
 * (when the plan aligned one), the plan's mode (orthodontic VTO or surgical STO) and any mandibular
 * autorotation, the movement table (STO: the segment moves), the chosen soft-tissue ratios and the
 * predicted measurements.
 */

/** The predicted tracing's colour; today's is the composed film's yellow (report-image.ts, #ffd60a). */
const PREDICTED: Rgb = [1, 0.48, 0];
const TODAY: Rgb = [1, 0.84, 0.04];
/** Gap between the two panels of a pair, points. */
const GAP = 14;
const PANEL = (WIDTH - GAP) / 2;

/** The facial photo before and after the morph, placed in the document. */
export interface PlacedMorph {
  readonly before: PlacedImage;
  readonly after: PlacedImage;
}

/** The predicted tracing's dash over today's solid line: where they coincide, today shows between the dashes. */
const PREDICTED_DASH: readonly [number, number] = [3, 2];

/** A line style of the legend: a colour, dashed or solid. */
type Swatch = { readonly color: Rgb; readonly dash?: readonly [number, number] };

/** A caption over a panel, after a short line in each style the panel draws (its legend). */
function caption(page: ReportPage, x: number, y: number, text: string, swatches: readonly Swatch[]): void {
  let left = x;
  for (const { color, dash } of swatches) {
    page.polyline(
      [
        { x: left, y: y - 3 },
        { x: left + 14, y: y - 3 },
      ],
      2,
      color,
      dash,
    );
    left += 18;
  }
  page.text(left, y, text, { size: 8, style: 'bold' });
}

/** Two images side by side at the same scale, each centred in its half, under its caption; answers the bottom. */
function pair(
  page: ReportPage,
  y: number,
  maxHeight: number,
  size: { width: number; height: number },
  draw: (left: number, top: number, width: number, height: number, side: 0 | 1) => void,
  captions: readonly [string, readonly Swatch[], string, readonly Swatch[]],
): number {
  const scale = Math.min(PANEL / size.width, maxHeight / size.height);
  const w = size.width * scale;
  const h = size.height * scale;
  ([0, 1] as const).forEach((side) => {
    const x = MARGIN + side * (PANEL + GAP);
    caption(page, x, y + 9, captions[side * 2] as string, captions[side * 2 + 1] as readonly Swatch[]);
    draw(x + (PANEL - w) / 2, y + 14, w, h, side);
  });
  return y + 14 + h;
}

/** The VTO/STO page(s); `film` is the report's composed film (today's tracing drawn on it). */
export function addVtoPages(
  doc: ReportDocument,
  report: VtoReport,
  header: (page: ReportPage) => number,
  film: PlacedImage,
  labels: ReportLabels = reportLabels('en'),
  /** Draws the film's words over it where it was placed (points; `width` the placed width). */
  filmTexts?: (page: ReportPage, left: number, top: number, width: number) => void,
  /** The facial photo before and after the morph, when the plan aligned one and its file could be read. */
  photos: PlacedMorph | null = null,
  /** Today's tracing as SVG path data in film px (the model's `film.tracing`), redrawn under the prediction. */
  todayTracing: ReadonlyArray<{ readonly d: string }> = [],
): ReportPage[] {
  const flow = new PageFlow(doc, header, 22);
  const { page } = flow;
  let y = flow.y;
  page.text(MARGIN, y, labels.vtoTitle, { size: 12, style: 'bold' });
  page.text(MARGIN, y + 13, labels.vtoLegend, { size: 8.5, color: GREY });
  y += 22;
  // Which plan: the orthodontic table or the surgical set-up (and the autorotation, when asked).
  // An orthodontic plan without autorotation prints as it always did; the lines' room comes off the film.
  const mode = report.mode === 'sto' ? labels.vtoModeSto : labels.vtoModeVto;
  const planLines = report.mode === 'sto' || report.autorotation ? [fillLabel(labels.vtoMode, { mode }), report.autorotation ?? ''] : [];
  const planHeight = planLines.filter((line) => line !== '').length * 11;
  for (const line of planLines.filter((l) => l !== '')) {
    page.text(MARGIN, y + 2, line, { size: 8.5, style: 'bold' });
    y += 11;
  }
  if (report.filmSize !== null) {
    // Left: today alone. Right: the same film, today's tracing underneath and the prediction over it.
    const filmSize = report.filmSize;
    y = pair(
      page,
      y,
      (photos ? 230 : 236) - planHeight,
      film,
      (left, top, w, h, side) => {
        page.image(film, left, top, w, h);
        if (side === 0) {
          filmTexts?.(page, left, top, w);
          return;
        }
        const k = w / filmSize.width;
        // Today's tracing again as a solid line (the film's own is too thin at this size), the prediction dashed over it.
        for (const path of todayTracing) page.svgPath(path.d, left, top, k, 1, TODAY);
        for (const line of report.outlines)
          page.polyline(
            line.map((p) => ({ x: left + p.x * k, y: top + p.y * k })),
            1.2,
            PREDICTED,
            PREDICTED_DASH,
          );
      },
      [labels.vtoTodayPanel, [{ color: TODAY }], labels.vtoPredictedPanel, [{ color: PREDICTED, dash: PREDICTED_DASH }, { color: TODAY }]],
    );
    y += 10;
  }
  if (photos !== null) {
    y = pair(
      page,
      y,
      190,
      photos.before,
      (left, top, w, h, side) => page.image(side === 0 ? photos.before : photos.after, left, top, w, h),
      [labels.vtoPhotoBefore, [], labels.vtoPhotoAfter, []],
    );
    y += 10;
  }
  // Movement table (left) and ratios (right).
  flow.y = y;
  // The ratio lines are drawn beside the movement table, outside the flow: both start on a page with room.
  flow.ensure(
    14 +
      Math.max(
        Math.max(report.movements.length, report.segments?.length ?? 0) * 12 + 30,
        (report.ratios.length + report.softMoves.length + 1) * 9,
      ),
  );
  y = flow.y;
  const segments = report.segments ?? [];
  // The surgical segments' moves where the plan has them, else the points' moves.
  const moves =
    segments.length > 0
      ? {
          title: `${labels.segmentMoves} (mm, °)`,
          width: 250,
          size: 8,
          columns: [
            { title: '', x: 0, width: 78 },
            { title: labels.horizontal, x: 78, width: 50 },
            { title: labels.vertical, x: 128, width: 40 },
            { title: labels.segmentRotation, x: 168, width: 54 },
            { title: labels.segmentPivot, x: 222, width: 28 },
          ],
          rows: segments.map((m) => [m.label, m.horizontal, m.vertical, m.rotation, m.pivot]),
        }
      : {
          title: labels.movementMm,
          width: 210,
          size: 8.5,
          columns: [
            { title: '', x: 0, width: 110 },
            { title: labels.horizontal, x: 110, width: 55 },
            { title: labels.vertical, x: 165, width: 45 },
          ],
          rows: report.movements.map((m) => [m.label, m.horizontal, m.vertical]),
        };
  drawTable(flow, { ...moves, titleSize: 9, continued: labels.continued });
  const left = flow.y;
  let right = y;
  const { page: tablePage } = flow;
  tablePage.text(MARGIN + 260, right + 10, labels.ratiosTitle, { size: 9, style: 'bold' });
  right += 14;
  for (const line of [...report.ratios, '', ...report.softMoves]) {
    for (const text of doc.wrap(line, 7.5, WIDTH - 260)) {
      if (text !== '') tablePage.text(MARGIN + 260, right + 9, text, { size: 7.5 });
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
