import { A4, PdfDocument, type JpegImage, type PdfPage, type Rgb } from './pdf-writer';
import { fitText, wrapText } from './pdf-text';
import type { ReportModel } from './report-model';
import { addSuperimpositionPages } from './report-superimposition';
import { addProfilogramPages } from './report-profilogram';
import { addVtoPages } from './report-vto';

/**
 * Lays the report out on A4 pages: title, clinic and date; patient and chart details; the
 * cephalogram with landmarks and tracing; the analysis table (continued on further pages when
 * long); the AI disclaimer at the foot of every page. Positions are points from the top-left.
 */

const MARGIN = 40;
const WIDTH = A4.width - MARGIN * 2;
const FOOTER_TOP = A4.height - 62;
const GREY: Rgb = [0.4, 0.4, 0.4];
const RULE: Rgb = [0.75, 0.75, 0.75];
const ROW_HEIGHT = 13;

/** Table columns: x offset from the margin and width, in points. */
const COLUMNS = [
  { key: 'name', title: 'Measurement', x: 0, width: 150 },
  { key: 'value', title: 'Value', x: 152, width: 52 },
  { key: 'norm', title: 'Norm', x: 206, width: 76 },
  { key: 'deviation', title: 'Deviation', x: 284, width: 46 },
  { key: 'interpretation', title: 'Interpretation', x: 332, width: WIDTH - 332 },
] as const;

function header(page: PdfPage, model: ReportModel): number {
  page.text(MARGIN, 56, 'Cephalometric report', { size: 16, style: 'bold' });
  const clinic = model.clinic ?? '';
  page.text(MARGIN + WIDTH - 200, 48, fitText(clinic, 10, 200, 'bold'), { size: 10, style: 'bold' });
  page.text(MARGIN + WIDTH - 200, 62, `Date: ${model.date}`, { size: 9, color: GREY });
  page.line(MARGIN, 70, MARGIN + WIDTH, 70, 0.8);
  return 70;
}

function facts(page: PdfPage, model: ReportModel, top: number): number {
  const { patient, chart } = model;
  const left: Array<[string, string]> = [
    ['Patient', patient.name],
    ['Patient ID', patient.patientId ?? '-'],
    ['Birth date', patient.age === null ? patient.birthDate : `${patient.birthDate} (age ${patient.age})`],
    ['Gender', patient.gender === 'F' ? 'Female' : 'Male'],
  ];
  const right: Array<[string, string]> = [
    ['Chart ID', chart.chartId],
    ['Shoot date', chart.shootDate ?? '----'],
    ['Analysis', `${model.analysis.name}`],
    ['Calibration', model.calibration],
  ];
  const column = (pairs: Array<[string, string]>, x: number, width: number) =>
    pairs.forEach(([label, value], i) => {
      const y = top + 16 + i * 13;
      page.text(x, y, label, { size: 8.5, color: GREY });
      page.text(x + 62, y, fitText(value, 9, width - 62), { size: 9, style: label === 'Patient' ? 'bold' : 'regular' });
    });
  column(left, MARGIN, WIDTH / 2 - 10);
  column(right, MARGIN + WIDTH / 2, WIDTH / 2);
  return top + 16 + 4 * 13;
}

function film(page: PdfPage, image: JpegImage, index: number, top: number, maxHeight: number): number {
  const scale = Math.min(WIDTH / image.width, maxHeight / image.height);
  const w = image.width * scale;
  const h = image.height * scale;
  page.image(index, MARGIN + (WIDTH - w) / 2, top, w, h);
  return top + h;
}

function tableHeader(page: PdfPage, model: ReportModel, top: number): number {
  page.text(MARGIN, top + 12, `${model.analysis.name} analysis`, { size: 11, style: 'bold' });
  const y = top + 20;
  page.rect(MARGIN, y, WIDTH, ROW_HEIGHT + 2, [0.92, 0.93, 0.95]);
  for (const c of COLUMNS) page.text(MARGIN + c.x + 3, y + 10.5, c.title, { size: 8, style: 'bold' });
  return y + ROW_HEIGHT + 2;
}

function tableRow(page: PdfPage, row: ReportModel['rows'][number], top: number): number {
  for (const c of COLUMNS) {
    const text = row[c.key];
    page.text(MARGIN + c.x + 3, top + 9.5, fitText(text, 8, c.width - 6, c.key === 'name' ? 'bold' : 'regular'), {
      size: 8,
      style: c.key === 'name' ? 'bold' : 'regular',
    });
  }
  page.line(MARGIN, top + ROW_HEIGHT, MARGIN + WIDTH, top + ROW_HEIGHT, 0.3, RULE);
  return top + ROW_HEIGHT;
}

function footer(page: PdfPage, model: ReportModel, pageNumber: number, pages: number): void {
  page.line(MARGIN, FOOTER_TOP, MARGIN + WIDTH, FOOTER_TOP, 0.5, RULE);
  wrapText(model.disclaimer, 9, WIDTH, 'bold').forEach((line, i) => page.text(MARGIN, FOOTER_TOP + 14 + i * 11, line, { size: 9, style: 'bold' }));
  const credit = `Ceppro ${model.clinic ? `- ${model.clinic} ` : ''}- ${model.date}`;
  page.text(MARGIN, FOOTER_TOP + 40, fitText(credit, 8, WIDTH - 60), { size: 8, color: GREY });
  page.text(MARGIN + WIDTH - 40, FOOTER_TOP + 40, `${pageNumber} / ${pages}`, { size: 8, color: GREY });
}

/** The report as PDF bytes. `image` is the composed film (landmarks and tracing drawn on it). */
export function renderReportPdf(model: ReportModel, image: JpegImage, now: Date): Buffer {
  const doc = new PdfDocument({ title: `Cephalometric report - ${model.patient.name}`, author: model.clinic ?? 'Ceppro', creationDate: now });
  const imageIndex = doc.addJpeg(image);
  const pages: PdfPage[] = [];
  let page = doc.addPage();
  pages.push(page);
  let y = header(page, model);
  y = facts(page, model, y);
  y = film(page, image, imageIndex, y + 10, 330);
  y = tableHeader(page, model, y + 8);
  for (const row of model.rows) {
    if (y + ROW_HEIGHT > FOOTER_TOP - 6) {
      page = doc.addPage();
      pages.push(page);
      y = tableHeader(page, model, header(page, model) + 6);
    }
    y = tableRow(page, row, y);
  }
  if (model.profilogram) pages.push(...addProfilogramPages(doc, model.profilogram, (p) => header(p, model)));
  if (model.superimposition) pages.push(...addSuperimpositionPages(doc, model.superimposition, (p) => header(p, model)));
  if (model.vto) pages.push(...addVtoPages(doc, model.vto, (p) => header(p, model), { index: imageIndex, image }));
  pages.forEach((p, i) => footer(p, model, i + 1, pages.length));
  return doc.toBuffer();
}
