import { dicomCalibrationSchema, dicomIgnoredSpacingSchema, type DicomCalibration } from '@ceppro/contract';
import { z } from 'zod';

/**
 * `chart_data.dicom_info` of a DICOM original: how it was read and the derived display image
 * (stored once at the upload check, under a key no URL is issued for, with its own SHA-256).
 */
export const dicomInfoSchema = z.object({
  version: z.literal(1),
  transfer_syntax: z.string(),
  photometric: z.string(),
  bits_stored: z.number().int().positive(),
  calibration: dicomCalibrationSchema.nullable(),
  /** Spacings the file gives that were not calibrated with, and why (absent: none, or a row from before they were kept). */
  ignored_spacing: z.array(dicomIgnoredSpacingSchema).optional(),
  display: z.object({ path: z.string(), sha256: z.string(), size_bytes: z.number().int().positive() }),
});
export type DicomInfo = z.infer<typeof dicomInfoSchema>;

/** The stored document, or null for JPEG/PNG rows and for a document this version cannot read. */
export function parseDicomInfo(raw: unknown): DicomInfo | null {
  if (raw === null || raw === undefined) return null;
  const parsed = dicomInfoSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export function dicomCalibrationOfRow(raw: unknown): DicomCalibration | null {
  return parseDicomInfo(raw)?.calibration ?? null;
}
