import { ANALYSES, getLandmark, getMeasurement, type AnalysisDefinition, type Calibration, type LandmarkId } from '@ceppro/ceph';
import { inferResultSchema, modifiedResultSchema } from '../analysis-record';
import { parseRulerInfo, resolveCalibration } from '../calibration';
import { landmarkName } from '../clinical-vocabulary/index';
import type { DicomCalibration } from '../dicom';
import { fillLabel, reportLabels, type ReportLang } from '../report-labels';
import { storedAiLandmarkId, storedLandmarkId } from '../stored-landmarks';
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

/** Registry id of a stored landmark, read as the viewer reads it (contract stored-landmarks). */
function storedId(l: { cname: number; name: string }, source: 'ai' | 'edited'): LandmarkId | null {
  return source === 'ai' ? storedAiLandmarkId(l) : storedLandmarkId(l);
}

/**
 * The landmarks shown (image px of the original upload): the user's position where there is one,
 * else the model's (matched by registry id; entries no id matches are drawn with their stored name
 * but not measured). A stored document that does not parse counts as absent.
 */
export function reportLandmarks(inferResult: unknown, modifiedResult: unknown, lang: ReportLang = 'en'): ReportLandmark[] {
  const ai = inferResultSchema.safeParse(inferResult);
  const edited = modifiedResultSchema.safeParse(modifiedResult);
  const byKey = new Map<string, ReportLandmark>();
  const add = (l: { cname: number; name: string; x: number; y: number }, source: 'ai' | 'edited') => {
    const id = storedId(l, source);
    const label = id === null ? l.name : getLandmark(id).shortName;
    const name = id === null ? l.name : landmarkName(id, lang);
    byKey.set(id ?? `${source}:${l.cname}`, { id, label, name, x: l.x, y: l.y, edited: source === 'edited' });
  };
  if (ai.success) ai.data.landmarks.forEach((l) => add(l, 'ai'));
  if (edited.success) edited.data.landmarks.forEach((l) => add(l, 'edited'));
  return [...byKey.values()];
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
