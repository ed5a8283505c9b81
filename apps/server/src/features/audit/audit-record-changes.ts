import { LANDMARK_IDS, measureLength, type ImagePoint } from '@ceppro/ceph';
import {
  AUDIT_MAX_MOVES,
  AUDIT_RECORD_DOCUMENTS,
  parseRulerInfo,
  readRecordLandmarks,
  resolveCalibration,
  type AuditLandmarkChanges,
  type AuditRecordDocument,
  type ResolvedCalibration,
} from '@ceppro/contract';
import { dicomCalibrationOfRow } from '../images';
import type { AuditTargetRepository, RecordState } from './audit-targets.repository';

type Documents = RecordState['documents'];

/** What a save of an analysis record did, as the trail records it; null when it changed nothing. */
export interface RecordChange {
  action: 'landmarks.update' | 'drawing.update' | 'chart.analysis_update';
  detail: { documents: AuditRecordDocument[]; landmarks?: AuditLandmarkChanges };
}

const LANDMARK_DOCUMENTS: readonly AuditRecordDocument[] = ['infer_result', 'modified_result'];

/** The documents a request body names (the others cannot have been changed by it). */
export function documentsNamed(input: unknown): AuditRecordDocument[] {
  if (typeof input !== 'object' || input === null) return [];
  return AUDIT_RECORD_DOCUMENTS.filter((name) => name in input);
}

/**
 * The documents to read before and after a save of the `named` ones: those, and for a landmark save
 * both landmark documents (the shown point is the user's, else the model's) and the ruler (its mm).
 */
export function documentsToRead(named: readonly AuditRecordDocument[]): AuditRecordDocument[] {
  const landmarks = named.some((d) => LANDMARK_DOCUMENTS.includes(d));
  return AUDIT_RECORD_DOCUMENTS.filter((d) => named.includes(d) || (landmarks && [...LANDMARK_DOCUMENTS, 'ruler_info'].includes(d)));
}

/** The action of a save that did not happen (refused or failed): what it asked to change. */
export function actionAsked(named: readonly AuditRecordDocument[]): RecordChange['action'] {
  if (named.some((d) => LANDMARK_DOCUMENTS.includes(d))) return 'landmarks.update';
  return named.length > 0 && named.every((d) => d === 'drawing_result') ? 'drawing.update' : 'chart.analysis_update';
}

/**
 * What a save changed, from the record before (null: it did not exist) and after. `landmarks.update`
 * only when a shown landmark point moved, was placed or removed, with the moves (image px, and the
 * distance in mm when the film is calibrated); a save of drawings only is `drawing.update`; any other
 * document (calibration ruler, profilogram, VTO/STO, superimposition, image size) `chart.analysis_update`.
 */
export async function describeRecordSave(
  targets: Pick<AuditTargetRepository, 'calibrationInputs'>,
  named: readonly AuditRecordDocument[],
  before: RecordState | null,
  after: RecordState,
): Promise<RecordChange | null> {
  const documents = named.filter((name) => !sameJson(before?.documents[name] ?? null, after.documents[name] ?? null));
  if (documents.length === 0) return null;
  if (documents.some((d) => LANDMARK_DOCUMENTS.includes(d))) {
    const inputs = await targets.calibrationInputs(after.chartRef, after.ownerUserId, boundFilm(after.documents.modified_result));
    const calibration = resolveCalibration(
      parseRulerInfo(after.documents.ruler_info),
      inputs.defaultPpm,
      dicomCalibrationOfRow(inputs.dicomInfo),
    );
    const landmarks = landmarkMoves(before?.documents ?? null, after.documents, calibration);
    if (landmarks.total > 0) return { action: 'landmarks.update', detail: { documents, landmarks } };
  }
  return { action: actionAsked(documents.filter((d) => !LANDMARK_DOCUMENTS.includes(d))), detail: { documents } };
}

/**
 * The landmarks whose shown point (the user's, else the model's) differs between two versions of a
 * record, in image px of the original upload: placed and removed ones first, then by distance, at
 * most `AUDIT_MAX_MOVES` listed; `total` counts all.
 */
export function landmarkMoves(before: Documents | null, after: Documents, calibration: ResolvedCalibration): AuditLandmarkChanges {
  const was = readRecordLandmarks(before?.infer_result ?? null, before?.modified_result ?? null).positions;
  const now = readRecordLandmarks(after.infer_result ?? null, after.modified_result ?? null).positions;
  const unit = calibration.calibration.kind === 'calibrated' ? 'mm' : 'px';
  const moved: AuditLandmarkChanges['moved'] = [];
  for (const id of LANDMARK_IDS) {
    const from = was[id];
    const to = now[id];
    if ((!from && !to) || (from && to && from.x === to.x && from.y === to.y)) continue;
    const by = from && to ? round(measureLength(from, to, calibration.calibration).value, unit === 'mm' ? 100 : 10) : null;
    moved.push({ id, from: from ? point(from) : null, to: to ? point(to) : null, by });
  }
  const size = (m: (typeof moved)[number]) => m.by ?? Number.POSITIVE_INFINITY;
  const listed = [...moved].sort((a, b) => size(b) - size(a) || 0).slice(0, AUDIT_MAX_MOVES);
  return { unit, calibration: calibration.origin, moved: listed, total: moved.length };
}

/** The chart data id the user's landmarks are bound to (a version-2 document), else null: the chart's live film. */
function boundFilm(modified: unknown): number | null {
  if (typeof modified !== 'object' || modified === null || !('image' in modified)) return null;
  const image = modified.image;
  if (typeof image !== 'object' || image === null || !('chart_data_id' in image)) return null;
  return typeof image.chart_data_id === 'number' && Number.isSafeInteger(image.chart_data_id) ? image.chart_data_id : null;
}

const point = (p: ImagePoint): [number, number] => [round(p.x, 10), round(p.y, 10)];
const round = (value: number, per: number) => Math.round(value * per) / per;

/** Equal as JSON documents, whatever the key order (jsonb keeps its own). */
function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
  );
}
