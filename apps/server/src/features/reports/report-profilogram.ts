import {
  fillLabel,
  profilogramNormNote,
  reportLabels,
  reportLandmarkLabel,
  type ProfilogramReport,
  type ReportLabels,
} from '@ceppro/contract';
import type { ReportDocument, ReportPage, Rgb } from '../../pdf/pdf-canvas';
import { drawTable, GREY, MARGIN, PageFlow, RULE, WIDTH } from './report-layout';

/** The profilogram computed for the report (never stored: `profilogram_result` holds only its options). */
type ProfilogramResult = NonNullable<ProfilogramReport['profilogram']>;

/**
 * The profilogram and free-measurement page of the PDF, drawn from the report model's
 * `profilogram` (packages/contract report-model: computed from the landmarks with the stored
 * options, the only thing `profilogram_result` holds; free measurements from `drawing_result.measurements`).
 */

const LINE_KEYS = { SN: 'lineSN', FH: 'lineFH', 'SN-7': 'lineSN7' } as const satisfies Record<
  ProfilogramResult['options']['standardLine'],
  keyof ReportLabels
>;
const POINT_KEYS = { S: 'pointS', N: 'pointN' } as const satisfies Record<ProfilogramResult['options']['point'], keyof ReportLabels>;

const PATIENT: Rgb = [0.17, 0.42, 0.69];
const NORM: Rgb = [0.87, 0.42, 0.13];
const CHART = 230;

const num = (n: number) => {
  const text = n.toFixed(1);
  return text === '-0.0' ? '0.0' : text;
};

/** The patient's polylines over the template, fitted into a CHART-point square (frame y is superior). */
function chart(page: ReportPage, result: ProfilogramResult, left: number, top: number, labels: ReportLabels): void {
  const all = [...result.template, ...result.polylines.flatMap((l) => l.points), { x: 0, y: 0 }];
  const minX = Math.min(...all.map((p) => p.x));
  const maxX = Math.max(...all.map((p) => p.x));
  const minY = Math.min(...all.map((p) => p.y));
  const maxY = Math.max(...all.map((p) => p.y));
  const k = (CHART - 20) / Math.max(maxX - minX, maxY - minY, 1);
  const px = (x: number) => left + 10 + (x - minX) * k;
  const py = (y: number) => top + 10 + (maxY - y) * k;
  const at = (p: { x: number; y: number }) => ({ x: px(p.x), y: py(p.y) });
  page.polyline(
    [
      { x: left, y: top },
      { x: left + CHART, y: top },
      { x: left + CHART, y: top + CHART },
      { x: left, y: top + CHART },
      { x: left, y: top },
    ],
    0.5,
    RULE,
  );
  page.line(px(0) - 6, py(0), px(0) + 6, py(0), 0.5, GREY);
  page.line(px(0), py(0) - 6, px(0), py(0) + 6, 0.5, GREY);
  page.polyline(result.template.map(at), 1.4, NORM);
  result.polylines.forEach((l) => page.polyline(l.points.map(at), 1.2, PATIENT));
  result.template.forEach((p) => page.text(px(p.x) + 3, py(p.y) - 3, reportLandmarkLabel(p.id), { size: 7, color: NORM }));
  page.line(left, top + CHART + 12, left + 18, top + CHART + 12, 1.2, PATIENT);
  const patientWidth = page.text(left + 22, top + CHART + 15, labels.legendPatient, { size: 8 });
  const normLeft = left + 22 + patientWidth + 14;
  page.line(normLeft, top + CHART + 12, normLeft + 18, top + CHART + 12, 1.4, NORM);
  page.text(normLeft + 22, top + CHART + 15, labels.legendNorm, { size: 8 });
}

/** The deviation table beside the chart (its own flow position); answers where it ends. */
function deviations(flow: PageFlow, result: ProfilogramResult, left: number, top: number, labels: ReportLabels): number {
  const y0 = flow.y;
  flow.y = top;
  drawTable(flow, {
    title: fillLabel(labels.deviationTitle, { unit: result.unit }),
    titleSize: 9,
    continued: labels.continued,
    left,
    width: 230,
    columns: [
      { title: labels.point, x: 0, width: 40 },
      { title: 'dx', x: 40, width: 45 },
      { title: 'dy', x: 85, width: 45 },
      { title: labels.normSd, x: 130, width: 100 },
    ],
    rows: result.deviations.map((d) => [
      reportLandmarkLabel(d.id),
      num(d.dx),
      num(d.dy),
      `\u00b1${num(d.rangeX)} / \u00b1${num(d.rangeY)}${d.outside ? `  ${labels.outside}` : ''}`,
    ]),
    rowFill: (i) => (result.deviations[i]?.outside ? [0.99, 0.9, 0.9] : null),
    rowBold: (i) => result.deviations[i]?.outside ?? false,
  });
  let y = flow.y;
  flow.doc.wrap(labels.deviationNote, 7.5, 230).forEach((line) => {
    y += 10;
    flow.page.text(left, y, line, { size: 7.5, color: GREY });
  });
  flow.y = y0;
  return y;
}

/** Adds the page (title under `header`); returns its pages so the caller numbers them with the others. */
export function addProfilogramPages(
  doc: ReportDocument,
  report: ProfilogramReport,
  header: (page: ReportPage) => number,
  labels: ReportLabels = reportLabels('en'),
): ReportPage[] {
  const flow = new PageFlow(doc, header, 22);
  const result = report.profilogram;
  if (result !== null) {
    const { page } = flow;
    let y = flow.y;
    page.text(MARGIN, y, labels.profilogram, { size: 12, style: 'bold' });
    const { options } = result;
    const line = labels[LINE_KEYS[options.standardLine]];
    const point = labels[POINT_KEYS[options.point]];
    page.text(MARGIN, y + 14, fillLabel(labels.profilogramOptions, { line, point, scale: options.scale, rotate: options.rotate }), {
      size: 9,
      color: GREY,
    });
    const top = y + 24;
    chart(page, result, MARGIN, top, labels);
    const end = deviations(flow, result, MARGIN + CHART + 20, top, labels);
    y = Math.max(top + CHART + 24, end) + 8;
    doc.wrap(profilogramNormNote(result.templateSource, labels), 7.5, WIDTH).forEach((text) => {
      page.text(MARGIN, y, text, { size: 7.5, color: GREY });
      y += 10;
    });
    flow.y = y + 4;
  }
  if (report.measurements.length > 0) {
    drawTable(flow, {
      title: labels.measurements,
      titleSize: 12,
      continued: labels.continued,
      size: 8.5,
      columns: [
        { title: labels.measurement, x: 0, width: 320 },
        { title: labels.value, x: 320, width: WIDTH - 320, bold: true },
      ],
      rows: report.measurements.map((m) => [m.name, m.value]),
    });
  }
  return flow.pages;
}
