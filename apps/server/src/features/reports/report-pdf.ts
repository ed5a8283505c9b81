import {
  fillLabel,
  reportAnalysisTitle,
  reportBirthText,
  reportChartText,
  reportFootnotes,
  reportGenderText,
  reportLabels,
  type ReportLabels,
  type ReportModel,
} from '@ceppro/contract';
import { ReportDocument, type PlacedImage, type ReportPage } from '../../pdf/pdf-canvas';
import { drawFilmTexts } from './report-film-text';
import type { ReportFilmImage } from './report-image';
import type { VtoMorphImages } from './report-morph';
import { drawFootnotes, drawTable, FOOTER_TOP, GREY, MARGIN, PageFlow, RULE, WIDTH } from './report-layout';
import { addGrowthPage } from './report-growth';
import { addProfilogramPages } from './report-profilogram';
import { addSuperimpositionPages } from './report-superimposition';
import { addVtoPages } from './report-vto';

/**
 * Lays the report out on A4 pages in the report's language: title, clinic and date; patient and
 * chart details; the cephalogram with landmarks and tracing; the analysis table (cells wrap; a
 * long table continues on the next page under its header row); then the profilogram,
 * superimposition and VTO/STO pages when the chart has them. Every page ends with the AI
 * disclaimer and "Page n of m". Positions are points from the top-left.
 */

function header(page: ReportPage, model: ReportModel, labels: ReportLabels): number {
  page.text(MARGIN, 56, labels.title, { size: 16, style: 'bold' });
  const right = MARGIN + WIDTH - 200;
  if (model.clinic) {
    // A long clinic name is set smaller rather than cut.
    const size = Math.max(6, Math.min(10, (10 * 200) / Math.max(1, page.owner.textWidth(model.clinic, 10, 'bold'))));
    page.text(right, 48, model.clinic, { size, style: 'bold' });
  }
  page.text(right, 62, `${labels.date}: ${model.date}`, { size: 9, color: GREY });
  page.line(MARGIN, 70, MARGIN + WIDTH, 70, 0.8);
  return 70;
}

function facts(flow: PageFlow, model: ReportModel, labels: ReportLabels): void {
  const { patient, chart } = model;
  const left: Array<[string, string]> = [
    [labels.patient, patient.name],
    [labels.patientId, patient.patientId ?? '-'],
    [labels.birthDate, reportBirthText(patient, labels)],
    [labels.gender, reportGenderText(patient, labels)],
    // The film display the film below is drawn with, when it is not shown as stored (viewer image panel).
    ...(model.imageSettings ? [[labels.imageSettings, model.imageSettings] as [string, string]] : []),
  ];
  const right: Array<[string, string]> = [
    [labels.chartId, reportChartText(chart, labels)],
    [labels.shootDate, chart.shootDate ?? labels.noDate],
    [labels.analysis, model.analysis.name],
    [labels.calibration, model.calibration],
    // The definitions the AI points were placed by, when the account chose others than the model's.
    ...(model.definitions ? [[labels.definitions, model.definitions] as [string, string]] : []),
  ];
  const doc = flow.doc;
  const labelWidth = Math.max(...[...left, ...right].map(([label]) => doc.textWidth(label, 8.5))) + 8;
  let bottom = flow.y;
  const column = (pairs: Array<[string, string]>, x: number, width: number) => {
    let y = flow.y + 16;
    pairs.forEach(([label, value], i) => {
      flow.page.text(x, y, label, { size: 8.5, color: GREY });
      const lines = doc.wrap(value, 9, width - labelWidth, i === 0 && pairs === left ? 'bold' : 'regular');
      lines.forEach((line, j) =>
        flow.page.text(x + labelWidth, y + j * 11, line, { size: 9, style: i === 0 && pairs === left ? 'bold' : 'regular' }),
      );
      y += 2 + lines.length * 11;
    });
    bottom = Math.max(bottom, y - 11);
  };
  column(left, MARGIN, WIDTH / 2 - 10);
  column(right, MARGIN + WIDTH / 2, WIDTH / 2);
  flow.y = bottom;
}

/** The film's raster, then its labels as PDF text over it. */
function film(flow: PageFlow, model: ReportModel, composed: ReportFilmImage, image: PlacedImage, maxHeight: number): void {
  const scale = Math.min(WIDTH / image.width, maxHeight / image.height);
  const w = image.width * scale;
  const h = image.height * scale;
  const left = MARGIN + (WIDTH - w) / 2;
  flow.page.image(image, left, flow.y, w, h);
  drawFilmTexts(flow.page, model, { left, top: flow.y, width: w, outputWidth: composed.width, space: composed.space });
  flow.y += h;
}

function footer(doc: ReportDocument, page: ReportPage, model: ReportModel, labels: ReportLabels, pageNumber: number, pages: number): void {
  page.line(MARGIN, FOOTER_TOP, MARGIN + WIDTH, FOOTER_TOP, 0.5, RULE);
  doc
    .wrap(model.disclaimer, 9, WIDTH, 'bold')
    .forEach((line, i) => page.text(MARGIN, FOOTER_TOP + 14 + i * 11, line, { size: 9, style: 'bold' }));
  const number = fillLabel(labels.page, { n: pageNumber, m: pages });
  const numberWidth = doc.textWidth(number, 8);
  // The chart's internal id only here, small, for support: the facts name the chart as the clinic knows it.
  const credit = `Ceppro${model.clinic ? ` - ${model.clinic}` : ''} - ${model.date} - ${model.chart.chartId}`;
  page.text(MARGIN, FOOTER_TOP + 40, doc.wrap(credit, 8, WIDTH - numberWidth - 20)[0] ?? '', { size: 8, color: GREY });
  page.text(MARGIN + WIDTH - numberWidth, FOOTER_TOP + 40, number, { size: 8, color: GREY });
}

const FILM_MAX_HEIGHT = 330;
/** The note on constructed points under the film, points. */
const POINTS_NOTE_SIZE = 7.5;
const FILM_MIN_HEIGHT = 200;

/** The analysis table (title, header, rows) and its numbered notes under it. */
function analysisTable(flow: PageFlow, model: ReportModel, labels: ReportLabels): void {
  const footnotes = reportFootnotes(model.rows);
  drawTable(flow, {
    title: reportAnalysisTitle(model.analysis.name, labels),
    continued: labels.continued,
    columns: [
      { title: labels.measurement, x: 0, width: 150, bold: true },
      { title: labels.value, x: 150, width: 54 },
      { title: labels.norm, x: 204, width: 78 },
      { title: labels.deviation, x: 282, width: 50 },
      { title: labels.interpretation, x: 332, width: WIDTH - 332 },
    ],
    rows: model.rows.map((row) => [row.name, row.value, row.norm, row.deviation, row.interpretation]),
    mark: (index, column) => {
      const marks = footnotes.marks[index];
      const n = column === 0 ? marks?.name : column === 2 ? marks?.norm : null;
      return n === null || n === undefined ? null : String(n);
    },
  });
  drawFootnotes(flow, footnotes.notes);
}

/**
 * The height the analysis table and its notes take when laid out from the top of a page (a dry run on
 * a scratch document, so the wrapping is the real one), or null when they need more than one page anyway.
 */
function analysisHeight(model: ReportModel, labels: ReportLabels): number | null {
  const scratch = new ReportDocument(model.lang, { title: '', author: '', creationDate: new Date(0) });
  const flow = new PageFlow(scratch, () => 0, 0);
  analysisTable(flow, model, labels);
  return flow.pages.length === 1 ? flow.y : null;
}

/**
 * The report as PDF bytes. `image` is the composed film (tracing, markers and drawings on it; its
 * words are drawn here as text); `now` is the document's creation date; `morph` the facial photo before
 * and after the VTO/STO morph (report-morph.ts), when the plan has one.
 */
export async function renderReportPdf(
  model: ReportModel,
  image: ReportFilmImage,
  now: Date,
  morph: VtoMorphImages | null = null,
): Promise<Buffer> {
  const labels = reportLabels(model.lang);
  const doc = new ReportDocument(model.lang, {
    title: `${labels.title} - ${model.patient.name}`,
    author: model.clinic ?? 'Ceppro',
    creationDate: now,
  });
  const pageHeader = (page: ReportPage) => header(page, model, labels);
  const placed = doc.addJpeg(image);
  const flow = new PageFlow(doc, pageHeader, 0);
  facts(flow, model, labels);
  flow.y += 10;
  // The film gives up height (down to FILM_MIN_HEIGHT) so that the table and its notes end on page 1:
  // never a page that holds only the last notes.
  const needed = analysisHeight(model, labels);
  // The note on constructed points and estimates goes right under the film (the film gives its room too).
  const notes = (model.film.pointsNote ?? []).flatMap((note) => doc.wrap(note, POINTS_NOTE_SIZE, WIDTH));
  const room = FOOTER_TOP - 6 - flow.y - 8 - notes.length * (POINTS_NOTE_SIZE + 2.5);
  const filmHeight = needed === null ? FILM_MAX_HEIGHT : Math.max(FILM_MIN_HEIGHT, Math.min(FILM_MAX_HEIGHT, room - needed));
  film(flow, model, image, placed, filmHeight);
  for (const line of notes) {
    flow.y += POINTS_NOTE_SIZE + 2.5;
    flow.page.text(MARGIN, flow.y, line, { size: POINTS_NOTE_SIZE, color: GREY });
  }
  flow.y += 8;
  analysisTable(flow, model, labels);
  if (model.superimposition) addSuperimpositionPages(doc, model.superimposition, pageHeader, labels, model.superimpositionTable ?? false);
  if (model.profilogram) addProfilogramPages(doc, model.profilogram, pageHeader, labels);
  if (model.vto) {
    const texts = (page: ReportPage, left: number, top: number, width: number) =>
      drawFilmTexts(page, model, { left, top, width, outputWidth: image.width, space: image.space });
    const photos = morph === null ? null : { before: doc.addJpeg(morph.before), after: doc.addJpeg(morph.after) };
    addVtoPages(doc, model.vto, pageHeader, placed, labels, texts, photos, model.film.tracing);
  }
  if (model.growth) addGrowthPage(doc, model.growth, pageHeader, placed, model.film.tracing);
  doc.pages.forEach((page, i) => footer(doc, page, model, labels, i + 1, doc.pages.length));
  return doc.toBuffer();
}
