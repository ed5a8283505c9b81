import type { ReportModel } from '@ceppro/contract';
import type { ReportFilmImage } from './report-image';
import { renderReportPdf } from './report-pdf';
import { composeMorphImages } from './report-morph';
import { ownedBytes, type PdfKind } from '../../pdf/pdf-pool';

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** A report PDF's input: the film's bytes may be a Buffer here and arrive as a plain Uint8Array in the worker. */
export interface ReportPdfInput {
  model: ReportModel;
  film: Omit<ReportFilmImage, 'bytes'> & { bytes: Uint8Array };
  now: Date;
  /**
   * The file of the facial photo the VTO/STO plan aligned (`model.vto.morph`), when it has one: the
   * morph (a JavaScript pixel loop, report-morph.ts) is made here, in the worker, off the event loop.
   */
  photo?: Uint8Array | null;
}

/** The chart's report (`renderReportPdf`) as a kind of the PDF pool; the film travels as a transferred copy. */
export const REPORT_PDF: PdfKind<ReportPdfInput> = {
  name: 'report',
  async render({ model, film, now, photo }) {
    const bytes = asBuffer(film.bytes);
    const plan = model.vto?.morph;
    // A photo that cannot be decoded leaves the before/after pair out; the rest of the report prints.
    const morph = photo && plan ? await composeMorphImages(asBuffer(photo), plan).catch(() => null) : null;
    return renderReportPdf(model, { ...film, bytes }, now, morph);
  },
  pack(input) {
    const bytes = ownedBytes(input.film.bytes);
    if (!input.photo) return { input: { ...input, film: { ...input.film, bytes } }, transfer: [bytes.buffer] };
    const photo = ownedBytes(input.photo);
    return { input: { ...input, film: { ...input.film, bytes }, photo }, transfer: [bytes.buffer, photo.buffer] };
  },
};
