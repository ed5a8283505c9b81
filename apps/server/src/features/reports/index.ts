/**
 * The public surface of features/reports beyond its service. Everything else in this folder is
 * internal (eslint.config.js, server-boundaries block); the PDF plumbing is `src/pdf`.
 */
// DICOM out (features/dicom-out) stores the film exactly as the report draws it.
export { composeReportImage, type ReportFilmImage } from './report-image';
