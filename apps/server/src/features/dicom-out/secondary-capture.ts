import type { DicomSubject } from './dicom-subject';
import { dicomDateTime, ownBuffer, writeNewInstance, type WrittenDicom } from './dicom-writer';

/** Secondary Capture Image Storage. */
export const SECONDARY_CAPTURE_SOP_CLASS = '1.2.840.10008.5.1.4.1.1.7';

/** Series Number of the traced-film series (Type 2): after the report's. */
const TRACING_SERIES_NUMBER = 9002;

/** The traced film as 8-bit RGB pixels, interleaved (R, G, B per pixel), row by row. */
export interface RgbImage {
  data: Buffer;
  width: number;
  height: number;
  /** The pixels went through lossy compression on the way (the report's JPEG): Lossy Image Compression 01. */
  lossy: { method: 'ISO_10918_1'; ratio: number } | null;
}

export interface SecondaryCaptureInput {
  image: RgbImage;
  subject: DicomSubject;
  now: Date;
}

/**
 * The traced film (the film with the tracing, landmarks and drawings as the report draws them) as a
 * Secondary Capture Image (PS3.3 A.8.1): RGB, 8 bits, uncompressed, in a new series (modality OT) of the
 * subject's study. Image Type DERIVED\SECONDARY; when the film is a DICOM instance, Source Image Sequence
 * and Referenced Image Sequence name it. No text is burnt in: the report's labels are text in the PDF.
 */
export function writeSecondaryCapture(input: SecondaryCaptureInput): WrittenDicom {
  const { subject, now, image } = input;
  if (image.data.length !== image.width * image.height * 3) throw new Error('RGB pixel data does not match its size.');
  const { date, time } = dicomDateTime(now);
  const source = subject.sourceImage;
  // General Series, then SC Image and General Image.
  const series = { modality: 'OT', number: TRACING_SERIES_NUMBER, description: 'Ceppro cephalometric tracing' };
  return writeNewInstance(subject, now, series, SECONDARY_CAPTURE_SOP_CLASS, {
    // A cephalogram is of the head, an unpaired part: so General Series' Laterality (Type 2C) is absent.
    BodyPartExamined: 'HEAD',
    DateOfSecondaryCapture: date,
    TimeOfSecondaryCapture: time,
    PatientOrientation: '',
    ImageType: ['DERIVED', 'SECONDARY'],
    DerivationDescription: 'Cephalometric tracing and landmarks drawn over the film',
    BurnedInAnnotation: 'NO',
    ...(image.lossy
      ? {
          LossyImageCompression: '01',
          LossyImageCompressionRatio: [Math.round(image.lossy.ratio * 100) / 100],
          LossyImageCompressionMethod: [image.lossy.method],
        }
      : { LossyImageCompression: '00' }),
    ...(source && {
      ReferencedImageSequence: [{ ReferencedSOPClassUID: source.sopClassUid, ReferencedSOPInstanceUID: source.sopInstanceUid }],
      SourceImageSequence: [{ ReferencedSOPClassUID: source.sopClassUid, ReferencedSOPInstanceUID: source.sopInstanceUid }],
    }),
    // Image Pixel.
    SamplesPerPixel: 3,
    PhotometricInterpretation: 'RGB',
    PlanarConfiguration: 0,
    Rows: image.height,
    Columns: image.width,
    BitsAllocated: 8,
    BitsStored: 8,
    HighBit: 7,
    PixelRepresentation: 0,
    PixelData: [ownBuffer(image.data)],
    _vrMap: { PixelData: 'OB' },
  });
}
