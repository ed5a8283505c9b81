import {
  ANALYSES,
  LANDMARK_SOURCING,
  getLandmark,
  getMeasurement,
  isLandmarkId,
  type AnalysisDefinition,
  type Calibration,
  type ImagePoint,
  type LandmarkId,
  type LandmarkMap,
} from '@ceppro/ceph';
import { inferResultSchema, type StoredLandmark } from '../analysis-record';
import { parseRulerInfo, resolveCalibration } from '../calibration';
import { definitionChoiceLabel, landmarkName } from '../clinical-vocabulary/index';
import type { DicomCalibration } from '../dicom';
import { fillLabel, reportLabels, type ReportLang } from '../report-labels';
import { readRecordLandmarks } from '../stored-landmarks';
import type { ReportLandmark, ReportModel } from './schema';

/**
 * The analysis to report: a user's group (its measurement ids, every one in the catalogue), else
 * the built-in analysis asked for, else the first of the catalogue. undefined when unknown.
 */
export function reportAnalysis(request: {
  analysis_id?: string | undefined;
  measurement_ids?: readonly string[] | undefined;
  analysis_name?: string | undefined;
}): AnalysisDefinition | undefined {
  const ids = request.measurement_ids;
  if (ids !== undefined) {
    if (!ids.every((id) => getMeasurement(id) !== undefined)) return undefined;
    return { id: 'custom', name: request.analysis_name ?? 'Custom', source: 'user group', measurementIds: [...new Set(ids)] };
  }
  return request.analysis_id === undefined ? ANALYSES[0] : ANALYSES.find((a) => a.id === request.analysis_id);
}

/**
 * A landmark as the screen names it (the registry's short name: "Pog'" for `stPog`, "UL'" for `ULv`);
 * a stored id the registry does not know keeps its own text. Every table of the report goes through this.
 */
export function reportLandmarkLabel(id: string): string {
  return isLandmarkId(id) ? getLandmark(id).shortName : id;
}

/**
 * The landmarks drawn (image px of the original upload): a projection of the record's landmarks
 * (`readRecordLandmarks`, as the viewer reads them) with their labels in `lang`: the user's position
 * where there is one, else the model's, else the constructed one (marked `constructed`); stored entries
 * no registry id matches are drawn with their stored name but not measured. A stored document that does not parse counts as absent.
 * `estimated`: the found points that are population estimates (packages/ceph `RamusPoints.source`); shown
 * constructed, they and every constructed point built from one (Xi from R1-R4, LANDMARK_SOURCING) are marked `estimate`.
 */
export function reportLandmarks(
  inferResult: unknown,
  modifiedResult: unknown,
  lang: ReportLang = 'en',
  found: LandmarkMap<ImagePoint> = {},
  estimated: readonly string[] = [],
): ReportLandmark[] {
  const record = readRecordLandmarks(inferResult, modifiedResult, found);
  const estimates = new Set<LandmarkId>();
  for (const id of Object.keys(record.constructed) as LandmarkId[]) if (estimated.includes(id)) estimates.add(id);
  // Built from an estimate is an estimate: follow the sourcing until nothing changes (chains are short).
  for (let grew = true; grew; ) {
    grew = false;
    for (const id of Object.keys(record.constructed) as LandmarkId[]) {
      const sourcing = LANDMARK_SOURCING[id];
      if (estimates.has(id) || sourcing?.kind !== 'constructed' || !sourcing.from.some((from) => estimates.has(from))) continue;
      estimates.add(id);
      grew = true;
    }
  }
  const matched = (Object.entries(record.positions) as [LandmarkId, ImagePoint][]).map(([id, p]) => ({
    id,
    label: getLandmark(id).shortName,
    name: landmarkName(id, lang),
    x: p.x,
    y: p.y,
    edited: record.edited[id] !== undefined,
    ...(record.constructed[id] !== undefined && { constructed: true }),
    ...(estimates.has(id) && { estimate: true }),
  }));
  const byName = (l: StoredLandmark, edited: boolean) => ({ id: null, label: l.name, name: l.name, x: l.x, y: l.y, edited });
  return [...matched, ...record.unmatched.ai.map((l) => byName(l, false)), ...record.unmatched.edited.map((l) => byName(l, true))];
}

/**
 * The viewer's calibration rule (`resolveCalibration`: ruler > DICOM > default PPM > none), with its
 * printed label in `lang` and its source.
 */
export function reportCalibration(
  rulerInfo: unknown,
  defaultPpm: number | null,
  lang: ReportLang = 'en',
  dicom: DicomCalibration | null = null,
): { calibration: Calibration; label: string; source: ReportModel['calibrationSource'] } {
  const { calibration, origin, ppm } = resolveCalibration(parseRulerInfo(rulerInfo), defaultPpm, dicom);
  const labels = reportLabels(lang);
  const values = { ppm: (ppm ?? 0).toFixed(2) };
  const label =
    origin === 'ruler'
      ? fillLabel(labels.calibrationRuler, values)
      : origin === 'dicom'
        ? fillLabel(labels.calibrationDicom, values)
        : origin === 'default-ppm'
          ? fillLabel(labels.calibrationDefault, values)
          : labels.calibrationNone;
  return { calibration, label, source: origin };
}

/**
 * The landmark definitions the model's points were placed by on this film (`infer_result.definitions`,
 * what the account had chosen then), one line in `lang`: "Machine porion, Constructed gonion, Menton
 * (ISBI)", a choice the film did not show marked so. Null when the film kept the model's own
 * definitions (no `definitions` stored) or has no model result.
 */
export function reportDefinitions(inferResult: unknown, lang: ReportLang = 'en'): string | null {
  const parsed = inferResultSchema.safeParse(inferResult);
  const definitions = parsed.success ? parsed.data.definitions : undefined;
  if (!definitions) return null;
  const labels = reportLabels(lang);
  return definitions.applied
    .map((a) => {
      const name = definitionChoiceLabel(a.id, a.choice, lang);
      return a.found ? name : fillLabel(labels.definitionNotFound, { definition: name });
    })
    .join(labels.definitionSeparator);
}
