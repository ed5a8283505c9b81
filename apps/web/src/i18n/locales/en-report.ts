import { REPORT_SHARED_LABELS } from '@ceppro/contract';
/** English texts of the viewer's Report tab, the printed report and the viewer's Lock button. */
export const enReport = {
  ...REPORT_SHARED_LABELS.en,
  tab: 'Report',
  intro: 'Print the report of this film, or download it as a PDF: patient, film with landmarks and tracing, and the analysis table.',
  print: 'Print',
  preparing: 'Preparing the print…',
  downloadPdf: 'Download PDF',
  downloading: 'Making the PDF…',
  downloadFailed: 'The PDF could not be made. Please try again.',
  saving: 'Saving your edits…',
  printFailed: 'The report could not be prepared for printing. Please try again.',
  saveFailed: 'Your edits could not be saved, so the report was not made from stale data. Check the connection and try again.',
  noImage: 'This chart has no cephalogram to report on.',
  noAnalysis: 'This chart has no landmarks to report on yet.',
  unsavedNote: 'The report is made on the server from the saved record (print and PDF alike); unsaved edits are saved first.',
  filmFailed: 'The film could not be drawn for printing.',
  filmAlt: 'Cephalogram of {{name}} with landmarks and tracing',
  footer: 'Ceppro · {{date}}',
  lock: 'Lock',
  lockTitle: 'Lock the screen (the account password unlocks it)',
};

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type ReportDictionary = Widen<typeof enReport>;
