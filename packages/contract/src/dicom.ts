import { z } from 'zod';

/*
 * DICOM films (Step 10 item 6): what the browser and the server agree on. The browser recognises a
 * DICOM Part 10 file by content (the 'DICM' magic after the 128-byte preamble), never by name, and
 * uploads it with DICOM_CONTENT_TYPE; the server reads it again and refuses what it cannot show.
 * The stored original stays the DICOM file; a derived 8-bit image is what the viewer shows.
 */

export const DICOM_CONTENT_TYPE = 'application/dicom';

/** Byte offset of the 'DICM' magic in a Part 10 file (after the 128-byte preamble). */
export const DICOM_MAGIC_OFFSET = 128;

/** True when the bytes carry the Part 10 magic 'DICM' at offset 128. */
export function isDicomBytes(bytes: Uint8Array): boolean {
  return (
    bytes.byteLength >= DICOM_MAGIC_OFFSET + 4 &&
    bytes[DICOM_MAGIC_OFFSET] === 0x44 &&
    bytes[DICOM_MAGIC_OFFSET + 1] === 0x49 &&
    bytes[DICOM_MAGIC_OFFSET + 2] === 0x43 &&
    bytes[DICOM_MAGIC_OFFSET + 3] === 0x4d
  );
}

/** The transfer syntaxes a film may use; any other is refused with DICOM_UNSUPPORTED_SYNTAX naming it. */
export const DICOM_TRANSFER_SYNTAXES = {
  '1.2.840.10008.1.2': 'Implicit VR Little Endian',
  '1.2.840.10008.1.2.1': 'Explicit VR Little Endian',
  '1.2.840.10008.1.2.4.50': 'JPEG Baseline (Process 1)',
  '1.2.840.10008.1.2.4.57': 'JPEG Lossless (Process 14)',
  '1.2.840.10008.1.2.4.70': 'JPEG Lossless (Process 14, SV1)',
} as const;
export type DicomTransferSyntax = keyof typeof DICOM_TRANSFER_SYNTAXES;

export function isSupportedTransferSyntax(uid: string): uid is DicomTransferSyntax {
  return Object.hasOwn(DICOM_TRANSFER_SYNTAXES, uid);
}

/** A few well-known names, so a refusal can say "Big Endian" and not only a UID. */
const OTHER_SYNTAX_NAMES: Record<string, string> = {
  '1.2.840.10008.1.2.2': 'Explicit VR Big Endian',
  '1.2.840.10008.1.2.1.99': 'Deflated Explicit VR Little Endian',
  '1.2.840.10008.1.2.4.51': 'JPEG Extended (Process 2 & 4)',
  '1.2.840.10008.1.2.4.80': 'JPEG-LS Lossless',
  '1.2.840.10008.1.2.4.81': 'JPEG-LS Near-Lossless',
  '1.2.840.10008.1.2.4.90': 'JPEG 2000 (Lossless Only)',
  '1.2.840.10008.1.2.4.91': 'JPEG 2000',
  '1.2.840.10008.1.2.5': 'RLE Lossless',
  '1.2.840.10008.1.2.4.201': 'HTJ2K (Lossless Only)',
  '1.2.840.10008.1.2.4.203': 'HTJ2K',
};

/** "JPEG 2000 (1.2.840.10008.1.2.4.91)", or the bare UID when its name is not known here. */
export function transferSyntaxLabel(uid: string): string {
  const name = isSupportedTransferSyntax(uid) ? DICOM_TRANSFER_SYNTAXES[uid] : OTHER_SYNTAX_NAMES[uid];
  return name ? `${name} (${uid})` : uid;
}

/**
 * Storage SOP classes that hold a single projection radiograph (or a secondary capture of one).
 * Anything else (a structured report, a CT series, a presentation state) is DICOM_NOT_IMAGE.
 */
export const DICOM_IMAGE_SOP_CLASSES: Readonly<Record<string, string>> = {
  '1.2.840.10008.5.1.4.1.1.1': 'Computed Radiography Image',
  '1.2.840.10008.5.1.4.1.1.1.1': 'Digital X-Ray Image (Presentation)',
  '1.2.840.10008.5.1.4.1.1.1.1.1': 'Digital X-Ray Image (Processing)',
  '1.2.840.10008.5.1.4.1.1.1.3': 'Digital Intra-Oral X-Ray Image (Presentation)',
  '1.2.840.10008.5.1.4.1.1.1.3.1': 'Digital Intra-Oral X-Ray Image (Processing)',
  '1.2.840.10008.5.1.4.1.1.7': 'Secondary Capture Image',
  '1.2.840.10008.5.1.4.1.1.7.2': 'Multi-frame Grayscale Byte Secondary Capture Image',
  '1.2.840.10008.5.1.4.1.1.7.3': 'Multi-frame Grayscale Word Secondary Capture Image',
  '1.2.840.10008.5.1.4.1.1.77.1.1': 'VL Endoscopic Image',
  '1.2.840.10008.5.1.4.1.1.77.1.4': 'VL Photographic Image',
};

/** Which DICOM attribute the film's millimetres come from. */
export const dicomSpacingTagSchema = z.enum(['pixel-spacing', 'imager-pixel-spacing']);

/**
 * The calibration a DICOM film carries, stored with the image (chart_data.dicom_info) and sent to
 * the viewer with the image. Spacings are mm per pixel in DICOM order (row = y, column = x), already
 * divided by the magnification factor when that was applied.
 */
export const dicomCalibrationSchema = z.object({
  row_spacing_mm: z.number().positive(),
  column_spacing_mm: z.number().positive(),
  tag: dicomSpacingTagSchema,
  /** Estimated Radiographic Magnification Factor (0018,1114) applied to Imager Pixel Spacing; null when none. */
  magnification: z.number().positive().nullable(),
});
export type DicomCalibration = z.infer<typeof dicomCalibrationSchema>;

/**
 * The mm per pixel a film's spacing may give, at the patient's plane (after the magnification
 * factor). Radiographs use about 0.05-0.3 mm; a value outside this range (1e-300, 5.0) is an
 * error of the file, and measuring with it would print absurd millimetres: it is treated as absent.
 */
export const DICOM_SPACING_RANGE_MM = { min: 0.02, max: 1.0 } as const;

/**
 * A spacing the film gives but the server did not calibrate with, kept with the film
 * (chart_data.dicom_info.ignored_spacing) so the viewer can say why it has no DICOM calibration.
 * Values are as read, mm per pixel (row = y, column = x), divided by the magnification factor when
 * one applies; null where the value is not a number.
 */
export const dicomIgnoredSpacingSchema = z.object({
  tag: dicomSpacingTagSchema,
  row_spacing_mm: z.number().nullable(),
  column_spacing_mm: z.number().nullable(),
  /** `out-of-range`: outside DICOM_SPACING_RANGE_MM; `invalid`: not a positive finite number. */
  reason: z.enum(['out-of-range', 'invalid']),
});
export type DicomIgnoredSpacing = z.infer<typeof dicomIgnoredSpacingSchema>;

/** The patient facts a DICOM file offers the new-patient form (the user confirms before they are used). */
export interface DicomPatientFacts {
  name: string | null;
  /** yyyy-mm-dd */
  birthDate: string | null;
  gender: 'M' | 'F' | null;
  /** yyyy-mm-dd */
  studyDate: string | null;
}

/** DICOM DA `YYYYMMDD` to `yyyy-mm-dd`, or null when it is not a real calendar day. */
export function dicomDateToIso(value: string | undefined | null): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec((value ?? '').trim());
  if (!match) return null;
  const iso = `${match[1]}-${match[2]}-${match[3]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}

/**
 * DICOM PN `Family^Given^Middle^Prefix^Suffix` (its first, alphabetic group) as one name in
 * family-first order, the order our users' languages write names in: "홍^길동" -> "홍길동" (CJK parts
 * are joined without a space), "Nguyen^Van Duc" -> "Nguyen Van Duc". The user confirms it anyway.
 */
export function dicomPersonName(value: string | undefined | null): string | null {
  const alphabetic = (value ?? '').split('=')[0]?.trim() ?? '';
  if (alphabetic === '') return null;
  const parts = alphabetic
    .split('^')
    .slice(0, 3)
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.length === 0) return null;
  const cjk = /^[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+$/u;
  return parts.every((part) => cjk.test(part)) ? parts.join('') : parts.join(' ');
}
