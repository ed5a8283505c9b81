import type { ConsultationModel } from '@ceppro/contract';
import { renderConsultationPdf } from './consultation-pdf';
import { composeMorphImages } from './report-morph';
import { ownedBytes, type PdfKind } from '../../pdf/pdf-pool';

/** A consultation PDF's input: the model, the clock and the aligned facial photo's file (morphed in the worker). */
export interface ConsultationPdfInput {
  model: ConsultationModel;
  now: Date;
  photo?: Uint8Array | null;
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The consultation's one page (`renderConsultationPdf`) as a kind of the PDF pool; the photo travels as a transferred copy. */
export const CONSULTATION_PDF: PdfKind<ConsultationPdfInput> = {
  name: 'consultation',
  async render({ model, now, photo }) {
    // A photo that cannot be decoded leaves the before/after pair out, as in the report; the rest prints.
    const morph = photo && model.morph ? await composeMorphImages(asBuffer(photo), model.morph).catch(() => null) : null;
    return renderConsultationPdf(model, now, morph);
  },
  pack(input) {
    if (!input.photo) return { input, transfer: [] };
    const photo = ownedBytes(input.photo);
    return { input: { ...input, photo }, transfer: [photo.buffer] };
  },
};
