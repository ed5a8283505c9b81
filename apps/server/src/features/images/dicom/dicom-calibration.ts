import { DICOM_SPACING_RANGE_MM, type DicomCalibration, type DicomIgnoredSpacing } from '@ceppro/contract';
import type { DataSet } from 'dicom-parser';

/* A DICOM film's calibration: the millimetres its spacing attributes give, when they are believable. */

const PIXEL_SPACING = 'x00280030';
const IMAGER_PIXEL_SPACING = 'x00181164';
const MAGNIFICATION = 'x00181114';

/** A positive finite number, else null. */
export function positive(value: number | undefined): number | null {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : null;
}

const inSpacingRange = (mm: number) => mm >= DICOM_SPACING_RANGE_MM.min && mm <= DICOM_SPACING_RANGE_MM.max;

/**
 * Pixel Spacing (0028,0030) when present; else Imager Pixel Spacing (0018,1164) divided by the
 * Estimated Radiographic Magnification Factor (0018,1114) when that is given (spacing at the
 * patient's plane), or as is. Spacings are `row\column` mm per pixel. A spacing that is not a
 * positive number, or (after the factor) outside DICOM_SPACING_RANGE_MM, counts as absent and is
 * listed in `ignored` with the reason.
 */
export function dicomCalibrationOf(data: DataSet): { calibration: DicomCalibration | null; ignored: DicomIgnoredSpacing[] } {
  const ignored: DicomIgnoredSpacing[] = [];
  const pair = (tag: string, name: DicomIgnoredSpacing['tag'], divisor: number) => {
    if (!data.elements[tag]?.length) return null; // absent or empty: nothing to report
    const read = (v: number | undefined) => (v !== undefined && Number.isFinite(v) ? v / divisor : null);
    const row = read(data.floatString(tag, 0));
    const column = read(data.floatString(tag, 1) ?? data.floatString(tag, 0));
    const numbers = row !== null && column !== null && row > 0 && column > 0;
    if (numbers && inSpacingRange(row) && inSpacingRange(column)) return { row, column };
    ignored.push({ tag: name, row_spacing_mm: row, column_spacing_mm: column, reason: numbers ? 'out-of-range' : 'invalid' });
    return null;
  };
  const pixel = pair(PIXEL_SPACING, 'pixel-spacing', 1);
  if (pixel) {
    const calibration = { row_spacing_mm: pixel.row, column_spacing_mm: pixel.column, tag: 'pixel-spacing', magnification: null } as const;
    return { calibration, ignored };
  }
  const ermf = positive(data.floatString(MAGNIFICATION));
  const imager = pair(IMAGER_PIXEL_SPACING, 'imager-pixel-spacing', ermf ?? 1);
  if (!imager) return { calibration: null, ignored };
  return {
    calibration: { row_spacing_mm: imager.row, column_spacing_mm: imager.column, tag: 'imager-pixel-spacing', magnification: ermf },
    ignored,
  };
}
