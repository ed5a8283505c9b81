/**
 * The public surface of features/reports beyond its service: the PDF plumbing the user manual and the
 * tax invoice print with (fonts, script runs, the page canvas, the PDF pool's kinds). Everything else in this folder is
 * internal (eslint.config.js, server-boundaries block).
 */
export { A4, ReportDocument, type ReportPage, type Rgb } from './pdf-canvas';
export { fontBytes, fontName } from './pdf-fonts';
export type { FontFace } from './report-script';
export { renderInThread, type PdfKind, type PdfRender } from './report-pdf-pool';
// DICOM out (features/dicom-out) stores the film exactly as the report draws it.
export { composeReportImage, type ReportFilmImage } from './report-image';
