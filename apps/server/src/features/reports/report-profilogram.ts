import type { Calibration, ImagePoint, LandmarkMap } from '@ceppro/ceph';
import {
  computeProfilogramResult,
  formatFreeMeasurement,
  freeMeasurementValue,
  readMeasurements,
  readProfilogramResult,
  type ProfilogramResult,
} from '@ceppro/contract';
import { fitText, wrapText } from './pdf-text';
import { A4, type PdfDocument, type PdfPage, type Rgb } from './pdf-writer';

/**
 * The profilogram and free-measurement page of the report. The profilogram is recomputed from the
 * landmarks with the options the viewer stored in `profilogram_result` (house style 3, the same
 * contract code the viewer runs); the free measurements are read from `drawing_result.measurements`
 * and their values derived with the film's calibration. Nothing stored, nothing printed.
 */
export interface ProfilogramReport {
  readonly profilogram: ProfilogramResult | null;
  readonly measurements: readonly { readonly name: string; readonly value: string }[];
}

const LINE_NAMES: Record<ProfilogramResult['options']['standardLine'], string> = { SN: 'SN plane', FH: 'Frankfort horizontal', 'SN-7': 'SN - 7\u00b0' };
const POINT_NAMES: Record<ProfilogramResult['options']['point'], string> = { S: 'Sella', N: 'Nasion' };

export function profilogramForReport(
  record: { profilogramResult?: unknown; drawingResult?: unknown },
  positions: LandmarkMap<ImagePoint>,
  calibration: Calibration,
): ProfilogramReport | null {
  const stored = readProfilogramResult(record.profilogramResult ?? null);
  const computed = stored === null ? null : computeProfilogramResult(positions, calibration, stored.options);
  const profilogram = computed?.ok ? computed.result : null;
  const measurements = readMeasurements(record.drawingResult ?? null).map((m, i) => ({
    name: m.name || `${m.kind === 'distance' ? 'Distance' : 'Angle'} ${i + 1}`,
    value: formatFreeMeasurement(freeMeasurementValue(m, calibration)),
  }));
  return profilogram === null && measurements.length === 0 ? null : { profilogram, measurements };
}

// Same page geometry as report-pdf.ts.
const MARGIN = 40;
const WIDTH = A4.width - MARGIN * 2;
const FOOTER_TOP = A4.height - 62;
const GREY: Rgb = [0.4, 0.4, 0.4];
const RULE: Rgb = [0.75, 0.75, 0.75];
const PATIENT: Rgb = [0.17, 0.42, 0.69];
const NORM: Rgb = [0.87, 0.42, 0.13];
const ROW = 12;
const CHART = 230;

const num = (n: number) => {
  const text = n.toFixed(1);
  return text === '-0.0' ? '0.0' : text;
};

/** The patient's polylines over the template, fitted into a CHART-point square (frame y is superior). */
function chart(page: PdfPage, result: ProfilogramResult, left: number, top: number): void {
  const all = [...result.template, ...result.polylines.flatMap((l) => l.points), { x: 0, y: 0 }];
  const minX = Math.min(...all.map((p) => p.x));
  const maxX = Math.max(...all.map((p) => p.x));
  const minY = Math.min(...all.map((p) => p.y));
  const maxY = Math.max(...all.map((p) => p.y));
  const k = (CHART - 20) / Math.max(maxX - minX, maxY - minY, 1);
  const px = (x: number) => left + 10 + (x - minX) * k;
  const py = (y: number) => top + 10 + (maxY - y) * k;
  page.line(left, top, left + CHART, top, 0.5, RULE);
  page.line(left, top + CHART, left + CHART, top + CHART, 0.5, RULE);
  page.line(left, top, left, top + CHART, 0.5, RULE);
  page.line(left + CHART, top, left + CHART, top + CHART, 0.5, RULE);
  page.line(px(0) - 6, py(0), px(0) + 6, py(0), 0.5, GREY);
  page.line(px(0), py(0) - 6, px(0), py(0) + 6, 0.5, GREY);
  const polyline = (points: readonly { x: number; y: number }[], color: Rgb, width: number) => {
    for (let i = 1; i < points.length; i += 1) {
      const a = points[i - 1] as { x: number; y: number };
      const b = points[i] as { x: number; y: number };
      page.line(px(a.x), py(a.y), px(b.x), py(b.y), width, color);
    }
  };
  polyline(result.template, NORM, 1.4);
  result.polylines.forEach((l) => polyline(l.points, PATIENT, 1.2));
  result.template.forEach((p) => page.text(px(p.x) + 3, py(p.y) - 3, p.id, { size: 7, color: NORM }));
  page.line(left, top + CHART + 12, left + 18, top + CHART + 12, 1.2, PATIENT);
  page.text(left + 22, top + CHART + 15, 'Patient', { size: 8 });
  page.line(left + 70, top + CHART + 12, left + 88, top + CHART + 12, 1.4, NORM);
  page.text(left + 92, top + CHART + 15, 'Norm (Bj\u00f6rk polygon)', { size: 8 });
}

const COLUMNS = [
  { title: 'Point', x: 0 },
  { title: 'dx', x: 40 },
  { title: 'dy', x: 85 },
  { title: 'Norm \u00b11 SD', x: 130 },
] as const;

function deviations(page: PdfPage, result: ProfilogramResult, left: number, top: number): number {
  page.text(left, top, `Deviation from the norm (${result.unit})`, { size: 9, style: 'bold' });
  let y = top + 6;
  page.rect(left, y, 230, ROW, [0.92, 0.93, 0.95]);
  COLUMNS.forEach((c) => page.text(left + c.x + 3, y + 9, c.title, { size: 8, style: 'bold' }));
  y += ROW;
  for (const d of result.deviations) {
    if (d.outside) page.rect(left, y, 230, ROW, [0.99, 0.9, 0.9]);
    const cells = [d.id, num(d.dx), num(d.dy), `\u00b1${num(d.rangeX)} / \u00b1${num(d.rangeY)}${d.outside ? '  outside' : ''}`];
    cells.forEach((text, i) => page.text(left + (COLUMNS[i]?.x ?? 0) + 3, y + 9, text, { size: 8, style: d.outside ? 'bold' : 'regular' }));
    page.line(left, y + ROW, left + 230, y + ROW, 0.3, RULE);
    y += ROW;
  }
  wrapText('dx along the standard line (+ anterior), dy across it (+ superior), true size.', 7.5, 230).forEach((line) => {
    y += 10;
    page.text(left, y, line, { size: 7.5, color: GREY });
  });
  return y;
}

/** Adds the page (title under `header`); returns it so the caller numbers it with the others. */
export function addProfilogramPages(doc: PdfDocument, report: ProfilogramReport, header: (page: PdfPage) => number): PdfPage[] {
  let page = doc.addPage();
  const pages = [page];
  let y = header(page) + 22;
  const result = report.profilogram;
  if (result !== null) {
    page.text(MARGIN, y, 'Profilogram', { size: 12, style: 'bold' });
    const { options } = result;
    page.text(MARGIN, y + 14, `${LINE_NAMES[options.standardLine]}, registered at ${POINT_NAMES[options.point]}, scale ${options.scale}%, rotation ${options.rotate}\u00b0`, { size: 9, color: GREY });
    const top = y + 24;
    chart(page, result, MARGIN, top);
    const end = deviations(page, result, MARGIN + CHART + 20, top + 8);
    y = Math.max(top + CHART + 24, end) + 8;
    wrapText(`Norm template: ${result.templateSource}.`, 7.5, WIDTH).forEach((line) => {
      page.text(MARGIN, y, line, { size: 7.5, color: GREY });
      y += 10;
    });
    y += 14;
  }
  if (report.measurements.length > 0) {
    page.text(MARGIN, y, 'Measurements', { size: 12, style: 'bold' });
    y += 8;
    for (const m of report.measurements) {
      if (y + ROW > FOOTER_TOP - 6) {
        page = doc.addPage();
        pages.push(page);
        y = header(page) + 14;
      }
      page.text(MARGIN + 3, y + 9, fitText(m.name, 8.5, 300), { size: 8.5 });
      page.text(MARGIN + 320, y + 9, m.value, { size: 8.5, style: 'bold' });
      page.line(MARGIN, y + ROW, MARGIN + WIDTH, y + ROW, 0.3, RULE);
      y += ROW;
    }
  }
  return pages;
}
