import type { DicomSubject } from './dicom-subject';
import { dicomDateTime, ownBuffer, writeNewInstance, type WrittenDicom } from './dicom-writer';

/** Encapsulated PDF Storage. */
export const ENCAPSULATED_PDF_SOP_CLASS = '1.2.840.10008.5.1.4.1.1.104.1';

/** (0040,A043) Concept Name of the document: LOINC 18748-4, "Diagnostic imaging study" (the report of an imaging study). */
export const REPORT_CONCEPT = { CodeValue: '18748-4', CodingSchemeDesignator: 'LN', CodeMeaning: 'Diagnostic imaging study' } as const;

/** Series Number of the report series (Type 1): Ceppro's objects sort after the film's own series. */
const REPORT_SERIES_NUMBER = 9001;

export interface EncapsulatedPdfInput {
  pdf: Buffer;
  subject: DicomSubject;
  now: Date;
  /** (0042,0010) Document Title: what a PACS lists the document as. */
  title: string;
}

/**
 * The chart's report PDF as a DICOM Encapsulated PDF (PS3.3 A.45.1): Patient and General Study from
 * the subject, a new Encapsulated Document Series (modality DOC) and instance, SC Equipment
 * (conversion WSD), the PDF as it is in Encapsulated Document with its byte length. The report shows
 * the patient's name (Burned In Annotation YES); it was made from the film, which Source Instance
 * Sequence names when the film is a DICOM instance.
 */
export function writeEncapsulatedPdf(input: EncapsulatedPdfInput): WrittenDicom {
  const { subject, now } = input;
  const { date, time } = dicomDateTime(now);
  // OB values are padded to an even length with one NUL; Encapsulated Document Length keeps the PDF's own.
  const padded = input.pdf.length % 2 === 0 ? input.pdf : Buffer.concat([input.pdf, Buffer.alloc(1)]);
  // Encapsulated Document Series, then Encapsulated Document.
  const series = { modality: 'DOC', number: REPORT_SERIES_NUMBER, description: 'Ceppro cephalometric report' };
  return writeNewInstance(subject, now, series, ENCAPSULATED_PDF_SOP_CLASS, {
    AcquisitionDateTime: `${date}${time}+0000`,
    BurnedInAnnotation: 'YES',
    RecognizableVisualFeatures: 'NO',
    DocumentTitle: input.title,
    ConceptNameCodeSequence: [{ ...REPORT_CONCEPT }],
    VerificationFlag: 'UNVERIFIED',
    MIMETypeOfEncapsulatedDocument: 'application/pdf',
    EncapsulatedDocument: [ownBuffer(padded)],
    EncapsulatedDocumentLength: input.pdf.length,
    ...(subject.sourceImage && {
      SourceInstanceSequence: [
        { ReferencedSOPClassUID: subject.sourceImage.sopClassUid, ReferencedSOPInstanceUID: subject.sourceImage.sopInstanceUid },
      ],
    }),
    _vrMap: { EncapsulatedDocument: 'OB' },
  });
}
