import type { Calibration, ImagePoint, LandmarkMap } from '@ceppro/ceph';
import { modifiedResultFits, parseRulerInfo, readRecordLandmarks, resolveCalibration } from '@ceppro/contract';
import { dicomCalibrationOfRow } from '../images';
import type { PlanningImage } from './planning.repository';

/** A cephalogram as planning uses it: its landmarks (image px of the original upload), calibration and size. */
export interface FilmModel {
  readonly image: PlanningImage;
  readonly landmarks: LandmarkMap<ImagePoint>;
  readonly calibration: Calibration;
  /** px per mm when calibrated, else null. */
  readonly pxPerMm: number | null;
  readonly size: { width: number; height: number };
}

/**
 * The film's current landmarks read as the viewer and the report read them: the user's adjusted
 * position where there is one (modified_result), else the model's (infer_result). Adjustments bound
 * to another image than this cephalogram (a version 2 document naming another chart_data_id) are
 * left out: they were placed on a film that has since been replaced. Points the record only constructs
 * from others (A', B', stomion, Pm, ...) are left out too: registering or aligning on them would count
 * their source points twice, and a superimposition reports what was placed. Calibration as the viewer
 * takes it: ruler, else the DICOM film's pixel spacing, else the user's default PPM, else none
 * (contract `resolveCalibration`).
 */
export function filmModel(
  image: PlanningImage,
  record: { inferResult: unknown; modifiedResult: unknown; rulerInfo: unknown; imgSize: unknown } | undefined,
  defaultPpm: number | null,
): FilmModel {
  const modified = record && modifiedResultFits(record.modifiedResult, image) ? record.modifiedResult : null;
  const landmarks = record ? placedPositions(readRecordLandmarks(record.inferResult, modified)) : {};
  const { calibration } = resolveCalibration(parseRulerInfo(record?.rulerInfo), defaultPpm, dicomCalibrationOfRow(image.dicomInfo));
  const stored = record?.imgSize as { width?: unknown; height?: unknown } | null | undefined;
  const size =
    typeof stored?.width === 'number' && typeof stored.height === 'number'
      ? { width: stored.width, height: stored.height }
      : { width: image.width ?? 0, height: image.height ?? 0 };
  return { image, landmarks, calibration, pxPerMm: calibration.kind === 'calibrated' ? calibration.pxPerMmX : null, size };
}

/** The model's and the user's points without the constructed ones (edited ?? ai per id). */
function placedPositions(read: ReturnType<typeof readRecordLandmarks>): LandmarkMap<ImagePoint> {
  const placed: LandmarkMap<ImagePoint> = {};
  for (const [id, p] of Object.entries(read.positions) as Array<[keyof LandmarkMap<ImagePoint>, ImagePoint]>) {
    if (read.constructed[id] === undefined) placed[id] = p;
  }
  return placed;
}
