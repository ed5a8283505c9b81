import { svgPathBounds } from '@ceppro/ceph';
import { consultationLabels, fillLabel, type ConsultationLabels, type ConsultationModel } from '@ceppro/contract';
import { A4, ReportDocument, type PlacedImage, type ReportPage, type Rgb } from '../../pdf/pdf-canvas';
import { GREY, MARGIN, RULE, WIDTH } from './report-layout';
import type { VtoMorphImages } from './report-morph';

/**
 * The consultation's one-page PDF for the patient (issue 28 item 5): the facial photo before and after
 * the plan's morph (when the plan aligned one), today's tracing (solid) and the prediction (dashed) with a
 * legend, the plan in plain words and a few measurements explained, in the patient's language. Exactly
 * one A4 page whatever the plan: the layout is measured first and set smaller until it fits (down to
 * 60 %); a line that would still pass the footer is left out rather than starting a second page.
 */

const TODAY: Rgb = [0.1, 0.35, 0.75];
const PREDICTED: Rgb = [0.9, 0.35, 0];
const DASH: readonly [number, number] = [4, 2.5];
const FOOTER_TOP = A4.height - 56;
const GAP = 14;

interface Placed {
  readonly before: PlacedImage;
  readonly after: PlacedImage;
}

/** Draws (when `page` is given) or only measures the page at scale `s`; answers the bottom of the content. */
class Layout {
  constructor(
    private readonly doc: ReportDocument,
    private readonly page: ReportPage | null,
    private readonly s: number,
  ) {}

  /** Wrapped text from `y` (its first baseline at y + size); answers the y under it. */
  para(x: number, y: number, width: number, text: string, size: number, options: { bold?: boolean; color?: Rgb } = {}): number {
    const style = options.bold ? 'bold' : 'regular';
    const px = size * this.s;
    let at = y;
    for (const line of this.doc.wrap(text, px, width, style)) {
      at += px * 1.3;
      if (this.page && at <= FOOTER_TOP - 4) this.page.text(x, at - px * 0.3, line, { size: px, style, color: options.color ?? [0, 0, 0] });
    }
    return at;
  }

  /** The two photos side by side at one scale under their captions; answers the bottom. */
  photos(y: number, placed: Placed, labels: ConsultationLabels): number {
    const panel = (WIDTH - GAP) / 2;
    const scale = Math.min(panel / placed.before.width, (210 * this.s) / placed.before.height);
    const w = placed.before.width * scale;
    const h = placed.before.height * scale;
    let bottom = y;
    ([0, 1] as const).forEach((side) => {
      // The caption starts where its photo does.
      const x = MARGIN + side * (panel + GAP) + (panel - w) / 2;
      const top = this.para(x, y, w, side === 0 ? labels.before : labels.after, 11, { bold: true }) + 4;
      if (this.page) this.page.image(side === 0 ? placed.before : placed.after, x, top, w, h);
      bottom = Math.max(bottom, top + h);
    });
    return bottom;
  }

  /** Today's tracing (solid) and the prediction (dashed), framed on the tracing's own box; answers the bottom. */
  tracing(x: number, y: number, width: number, maxHeight: number, model: ConsultationModel): number {
    const box = svgPathBounds([...model.film.today, ...model.film.predicted]);
    if (box === null) return y;
    const k = Math.min(width / box.width, maxHeight / box.height);
    const left = x + (width - box.width * k) / 2;
    if (this.page) {
      const pdf = this.doc.on(this.page);
      const stroke = (d: string, color: Rgb, dash: boolean) => {
        pdf.save();
        pdf.translate(left - box.x * k, y - box.y * k).scale(k);
        pdf.path(d).lineWidth(1.3 / k);
        if (dash) pdf.dash(DASH[0] / k, { space: DASH[1] / k });
        pdf
          .lineJoin('round')
          .lineCap(dash ? 'butt' : 'round')
          .strokeColor(color.map((c) => Math.round(c * 255)) as [number, number, number])
          .stroke();
        pdf.restore();
      };
      this.page.rect(x, y, width, box.height * k, [0.97, 0.97, 0.98]);
      for (const p of model.film.today) stroke(p.d, TODAY, false);
      for (const p of model.film.predicted) stroke(p.d, PREDICTED, true);
    }
    return y + box.height * k;
  }

  /** A legend line: a short stroke in the style, then its words; answers the y under it. */
  legend(x: number, y: number, width: number, text: string, color: Rgb, dash: boolean): number {
    if (this.page) {
      const mid = y + 8 * this.s;
      this.page.polyline(
        [
          { x, y: mid },
          { x: x + 22, y: mid },
        ],
        1.6,
        color,
        dash ? DASH : undefined,
      );
    }
    return this.para(x + 28, y, width - 28, text, 9.5);
  }
}

/** Lays the page out at scale `s`; answers the bottom of the content (compared with the footer). */
function layout(doc: ReportDocument, page: ReportPage | null, s: number, model: ConsultationModel, placed: Placed | null): number {
  const labels = consultationLabels(model.lang);
  const l = new Layout(doc, page, s);
  let y = l.para(MARGIN, 30, WIDTH - 170, labels.title, 20, { bold: true });
  if (page && model.clinic)
    page.text(MARGIN + WIDTH - 165, 50, doc.wrap(model.clinic, 9, 165, 'bold')[0] ?? '', { size: 9, style: 'bold' });
  y = l.para(MARGIN, y, WIDTH, fillLabel(labels.preparedFor, { name: model.patientName, date: model.date }), 10, { color: GREY }) + 4;
  if (page) page.line(MARGIN, y, MARGIN + WIDTH, y, 0.6, RULE);
  y += 6;
  if (placed) {
    y = l.para(MARGIN, y, WIDTH, labels.photoTitle, 13, { bold: true }) + 2;
    y = l.photos(y, placed, labels) + 10;
  }
  // Left: the tracings and their legend; right: the plan in words.
  const leftWidth = 215;
  const rightX = MARGIN + leftWidth + 20;
  const rightWidth = WIDTH - leftWidth - 20;
  let left = l.para(MARGIN, y, leftWidth, labels.tracingTitle, 13, { bold: true }) + 4;
  if (model.film.today.length === 0) left = l.para(MARGIN, left, leftWidth, labels.noTracing, 10);
  else {
    left = l.tracing(MARGIN, left, leftWidth, (placed ? 200 : 300) * s, model) + 4;
    left = l.legend(MARGIN, left, leftWidth, labels.legendToday, TODAY, false);
    if (model.film.predicted.length > 0) left = l.legend(MARGIN, left, leftWidth, labels.legendPredicted, PREDICTED, true);
    left = l.para(MARGIN, left + 2, leftWidth, labels.tracingExplain, 8.5, { color: GREY });
  }
  let right = l.para(rightX, y, rightWidth, labels.planTitle, 13, { bold: true }) + 4;
  const notes = [
    ...(model.plan.state === 'none' ? [labels.noPlan] : []),
    ...(model.plan.state === 'uncalibrated' || model.plan.state === 'failed' ? [labels.planUncalibrated] : []),
    ...(model.photo === 'none'
      ? [labels.noPhoto]
      : model.photo === 'not-aligned' && model.plan.state === 'ok'
        ? [labels.photoNotAligned]
        : []),
  ];
  for (const sentence of [...model.plan.sentences, ...model.plan.soft]) {
    if (page) page.rect(rightX, right + 6 * s, 3.5 * s, 3.5 * s, TODAY);
    right = l.para(rightX + 10, right, rightWidth - 10, sentence, 11) + 3;
  }
  for (const note of notes) right = l.para(rightX, right, rightWidth, note, 10.5, { color: GREY }) + 3;
  y = Math.max(left, right) + 10;
  if (page) page.line(MARGIN, y, MARGIN + WIDTH, y, 0.6, RULE);
  y = l.para(MARGIN, y + 2, WIDTH, labels.measuresTitle, 13, { bold: true }) + 2;
  // The measurements in two columns, each a name, the values and the explanation.
  const column = (WIDTH - GAP) / 2;
  const bottoms = [y, y];
  model.measurements.forEach((m) => {
    const side = (bottoms[0] as number) <= (bottoms[1] as number) ? 0 : 1;
    const x = MARGIN + side * (column + GAP);
    let at = l.para(x, bottoms[side] as number, column, m.name, 10.5, { bold: true });
    const values = [
      fillLabel(labels.measureToday, { value: m.today }),
      ...(m.after !== null && model.plan.state === 'ok' ? [fillLabel(labels.measureAfter, { value: m.after })] : []),
      m.range === null ? labels.noUsualRange : fillLabel(labels.usualRange, { range: m.range }),
    ].join('  ·  ');
    at = l.para(x, at, column, values, 10);
    at = l.para(x, at, column, m.explain, 8.5, { color: GREY });
    bottoms[side] = at + 6;
  });
  return Math.max(...bottoms);
}

/** The page's footer: the simulation's disclaimer and the credit line. */
function footer(doc: ReportDocument, page: ReportPage, model: ConsultationModel): void {
  const labels = consultationLabels(model.lang);
  page.line(MARGIN, FOOTER_TOP, MARGIN + WIDTH, FOOTER_TOP, 0.5, RULE);
  doc
    .wrap(labels.disclaimer, 9, WIDTH, 'bold')
    .forEach((line, i) => page.text(MARGIN, FOOTER_TOP + 14 + i * 11, line, { size: 9, style: 'bold' }));
  const credit = `Ceppro${model.clinic ? ` - ${model.clinic}` : ''} - ${model.date}`;
  page.text(MARGIN, FOOTER_TOP + 40, doc.wrap(credit, 8, WIDTH)[0] ?? '', { size: 8, color: GREY });
}

/** Layout scales tried in turn: the first whose content ends above the footer is drawn. */
const SCALES = [1, 0.92, 0.84, 0.76, 0.68, 0.6] as const;

/** The consultation as a one-page PDF; `morph` is the photo before and after (report-morph.ts), when the plan aligned one. */
export async function renderConsultationPdf(model: ConsultationModel, now: Date, morph: VtoMorphImages | null): Promise<Buffer> {
  const labels = consultationLabels(model.lang);
  const doc = new ReportDocument(model.lang, {
    title: `${labels.title} - ${model.patientName}`,
    author: model.clinic ?? 'Ceppro',
    creationDate: now,
  });
  const placed = morph === null ? null : { before: doc.addJpeg(morph.before), after: doc.addJpeg(morph.after) };
  const page = doc.addPage();
  const scale = SCALES.find((s) => layout(doc, null, s, model, placed) <= FOOTER_TOP - 6) ?? 0.6;
  layout(doc, page, scale, model, placed);
  footer(doc, page, model);
  return doc.toBuffer();
}
