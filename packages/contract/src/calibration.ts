import {
  calibrationFromDefaultPpm,
  calibrationFromPixelSpacing,
  calibrationFromRuler,
  dist,
  imagePoint,
  mm,
  UNCALIBRATED,
  type Calibration,
} from '@ceppro/ceph';
import type { DicomCalibration } from './dicom';
import { RULER_INFO_VERSION, rulerInfoSchema, type RulerInfo } from './graphql/analysis';
import { documentMigration } from './viewer-documents/document-migration';

/*
 * How a film is calibrated, shared by the viewer (analysis table, printed report) and the server's
 * PDF report so screen and paper always measure with the same calibration.
 */

/**
 * Where the film's calibration comes from, in precedence order: a ruler drawn on the film (the
 * user's own measurement at the patient's plane), then the DICOM file's pixel spacing, then the
 * user's default PPM, then none.
 */
export type CalibrationOrigin = 'ruler' | 'dicom' | 'default-ppm' | 'none';

/** The film's calibration with its origin and pixels per mm (null when uncalibrated). */
export interface ResolvedCalibration {
  readonly calibration: Calibration;
  readonly origin: CalibrationOrigin;
  /** Pixels per millimetre along x (DICOM spacing may differ along y: see `calibration`), or null when uncalibrated. */
  readonly ppm: number | null;
}

const NONE: ResolvedCalibration = { calibration: UNCALIBRATED, origin: 'none', ppm: null };

/**
 * Reads a stored `ruler_info` document; anything that is not a valid (or migratable) ruler with two
 * distinct points reads as "no ruler" (an old or broken document must not break the viewer).
 */
export function parseRulerInfo(raw: unknown): RulerInfo | null {
  const ruler = migrateRulerInfo(raw);
  if (ruler === null) return null;
  return dist(ruler.p1, ruler.p2) > 0 ? ruler : null;
}

/**
 * A stored `ruler_info` brought to the current version (none stored: version 1); null for an unknown one.
 * Version 1 -> 2: the stored ppm (derived from the points and length) is dropped.
 */
export const migrateRulerInfo = documentMigration({
  current: RULER_INFO_VERSION,
  schema: rulerInfoSchema,
  steps: { 1: ({ ppm: _derived, ...choices }) => choices },
});

/**
 * The calibration to measure with (spec: ruler > DICOM pixel spacing > default PPM > uncalibrated,
 * reference §5.5).
 * The ruler's ppm is computed from its points and length (the document stores no ppm), so it can
 * never disagree with the points drawn on the film. A default PPM that is not a positive number is ignored.
 */
export function resolveCalibration(
  ruler: RulerInfo | null,
  defaultPpm: number | null,
  dicom: DicomCalibration | null = null,
): ResolvedCalibration {
  if (ruler !== null) {
    const calibration = calibrationFromRuler(imagePoint(ruler.p1.x, ruler.p1.y), imagePoint(ruler.p2.x, ruler.p2.y), mm(ruler.length_mm));
    return { calibration, origin: 'ruler', ppm: calibration.pxPerMmX };
  }
  if (dicom !== null) {
    // Spacings are stored already divided by the magnification factor (server dicom reader); the
    // source says that it was applied ('ermf').
    const spacing = calibrationFromPixelSpacing(dicom.row_spacing_mm, dicom.column_spacing_mm, { source: dicom.tag });
    const calibration = dicom.magnification === null ? spacing : { ...spacing, source: 'ermf' as const };
    return { calibration, origin: 'dicom', ppm: calibration.pxPerMmX };
  }
  if (defaultPpm !== null && Number.isFinite(defaultPpm) && defaultPpm > 0) {
    const calibration = calibrationFromDefaultPpm(defaultPpm);
    return { calibration, origin: 'default-ppm', ppm: calibration.pxPerMmX };
  }
  return NONE;
}
