/**
 * The app's PDF plumbing, shared by the report, the consultation sheet, the user manual and the tax
 * invoice: the page canvas (pdfkit with the bundled fonts), script runs and right-to-left text, and the
 * pool of worker threads every PDF is laid out in (`PdfPool`, `renderInThread`, job kinds registered by
 * each feature and run by `pdf-worker.ts`).
 */
export { A4, ReportDocument, type ReportPage, type Rgb } from './pdf-canvas';
export { fontBytes, fontName } from './pdf-fonts';
export type { FontFace } from './script-runs';
export { PdfPool, ownedBytes, renderInThread, type PdfKind, type PdfRender } from './pdf-pool';
