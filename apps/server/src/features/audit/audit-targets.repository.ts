import { IMAGE_TYPE, type AuditRecordDocument } from '@ceppro/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { patientSpaceColumns } from '../../access/index';
import type { AppDatabase } from '../../db/database';
import { accountDefaultPpm } from '../../db/default-ppm';
import { newestLiveImage } from '../../db/live-image';
import { analysisRecords, chartData, charts, clinicMembers, patients, uploads } from '../../db/schema/index';

/** What an event is about, as the request named it. */
export type TargetRef =
  | { kind: 'patient'; id: number }
  | { kind: 'chart'; by: 'id'; id: number }
  | { kind: 'chart'; by: 'uuid' | 'chart_id'; id: string }
  | { kind: 'chart_data'; id: number }
  | { kind: 'analysis_record'; id: number }
  | { kind: 'upload'; id: string }
  /** A stored object by its key, as a signed `/files/...` URL names it: `charts/<chart_id>/<file>`. */
  | { kind: 'file'; id: string };

/** The target's real owner and patient, read regardless of who asked (and of soft deletes). */
export interface ResolvedTarget {
  /** Who created the patient: its owner when personal, the member who created it in a clinic. */
  ownerUserId: number;
  /** The clinic whose patient it is; null for a personal patient (of `ownerUserId`). */
  clinicId: number | null;
  patientId: number;
  /** The chart's `chart_id` string when the target is (in) a chart. */
  chartId: string | null;
  /** The image (chart_data id) a file target is, or is derived from (thumbnail, DICOM display image). */
  imageId?: number | null;
}

/** An analysis record's stored documents (those read), by graph field name, as a save found or left them. */
export interface RecordState {
  chartRef: number;
  /** The patient's creator (whose default PPM measures a save's distances). */
  ownerUserId: number;
  documents: Partial<Record<AuditRecordDocument, unknown>>;
}

const DOCUMENT_COLUMNS = {
  infer_result: analysisRecords.inferResult,
  modified_result: analysisRecords.modifiedResult,
  profilogram_result: analysisRecords.profilogramResult,
  ruler_info: analysisRecords.rulerInfo,
  superimposition_data: analysisRecords.superimpositionData,
  vto_sto_config: analysisRecords.vtoStoConfig,
  drawing_result: analysisRecords.drawingResult,
  img_size: analysisRecords.imgSize,
} as const satisfies Record<AuditRecordDocument, unknown>;

/** What a landmark save's distances are measured with: the film's DICOM facts and the owner's default PPM. */
export interface CalibrationInputs {
  dicomInfo: unknown;
  defaultPpm: number | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INT_MAX = 2_147_483_647;

/**
 * Ownership look-ups for the trail only: they answer "whose is this?" for any id (the access policy's
 * `patientSpaceColumns`: the creator and the clinic), so a refused request from outside the space is
 * recorded against the real owner, or the clinic. Never used to serve data.
 */
export function createAuditTargetRepository(db: AppDatabase) {
  const owner = { ownerUserId: patientSpaceColumns.creatorUserId, clinicId: patientSpaceColumns.clinicId };
  const chartColumns = { ...owner, patientId: patients.id, chartId: charts.chartId };
  const fromCharts = () => db.select(chartColumns).from(charts).innerJoin(patients, eq(patients.id, charts.patientRef));

  /** A stored object of a chart (`charts/<chart_id>/<upload>.<ext>`, its `.thumb.jpg` or `.display.png`): the chart and its image. */
  async function resolveFile(key: string): Promise<ResolvedTarget | null> {
    const [prefix, chartId, name, ...rest] = key.split('/');
    if (prefix !== 'charts' || chartId === undefined || !UUID.test(chartId) || !name || rest.length > 0) return null;
    const rows = await db
      .select({ ...chartColumns, imageId: chartData.id, path: chartData.path })
      .from(charts)
      .innerJoin(patients, eq(patients.id, charts.patientRef))
      .leftJoin(chartData, eq(chartData.chartRef, charts.id))
      .where(eq(charts.chartId, chartId));
    const [row] = rows;
    if (!row) return null;
    const image = rows.find((r) => r.path !== null && stemOf(r.path) === stemOf(key));
    return {
      ownerUserId: row.ownerUserId,
      clinicId: row.clinicId,
      patientId: row.patientId,
      chartId: row.chartId,
      imageId: image?.imageId ?? null,
    };
  }

  return {
    /** The clinic `userId` is a live member of (one at most), or null. */
    async liveClinicOf(userId: number): Promise<number | null> {
      const [row] = await db
        .select({ clinicId: clinicMembers.clinicId })
        .from(clinicMembers)
        .where(and(eq(clinicMembers.userId, userId), isNull(clinicMembers.removedAt)))
        .limit(1);
      return row?.clinicId ?? null;
    },

    async resolve(target: TargetRef): Promise<ResolvedTarget | null> {
      if (typeof target.id === 'number' && (!Number.isSafeInteger(target.id) || target.id < 1 || target.id > INT_MAX)) return null;
      if (target.kind === 'file') return resolveFile(target.id);
      if (typeof target.id === 'string' && target.kind !== 'chart' && !UUID.test(target.id)) return null;
      switch (target.kind) {
        case 'patient': {
          const [row] = await db
            .select({ ...owner, patientId: patients.id })
            .from(patients)
            .where(eq(patients.id, target.id));
          return row ? { ...row, chartId: null } : null;
        }
        case 'chart': {
          if (target.by === 'id') return first(await fromCharts().where(eq(charts.id, target.id)));
          if (!UUID.test(target.id)) return null;
          return first(await fromCharts().where(target.by === 'uuid' ? eq(charts.uuid, target.id) : eq(charts.chartId, target.id)));
        }
        case 'chart_data':
          return first(await fromCharts().innerJoin(chartData, eq(chartData.chartRef, charts.id)).where(eq(chartData.id, target.id)));
        case 'analysis_record':
          return first(
            await fromCharts().innerJoin(analysisRecords, eq(analysisRecords.chartRef, charts.id)).where(eq(analysisRecords.id, target.id)),
          );
        case 'upload':
          return first(await fromCharts().innerJoin(uploads, eq(uploads.chartRef, charts.id)).where(eq(uploads.id, target.id)));
      }
    },

    /**
     * Some documents of a record (whoever owns it, deleted or not): what a save changed is told from
     * two of these. Only the `documents` asked are read (each may be hundreds of KB).
     */
    async recordState(id: number, documents: readonly AuditRecordDocument[]): Promise<RecordState | null> {
      if (!Number.isSafeInteger(id) || id < 1 || id > INT_MAX) return null;
      const asked = Object.fromEntries(documents.map((d) => [d, DOCUMENT_COLUMNS[d]]));
      const [row] = await db
        .select({ chartRef: analysisRecords.chartRef, ownerUserId: patientSpaceColumns.creatorUserId, ...asked })
        .from(analysisRecords)
        .innerJoin(charts, eq(charts.id, analysisRecords.chartRef))
        .innerJoin(patients, eq(patients.id, charts.patientRef))
        .where(eq(analysisRecords.id, id));
      if (!row) return null;
      const { chartRef, ownerUserId, ...read } = row as Record<string, unknown> & { chartRef: number; ownerUserId: number };
      return { chartRef, ownerUserId, documents: read };
    },

    /** The film the landmarks are on (`filmId`, else the chart's live cephalogram) and the owner's default PPM. */
    async calibrationInputs(chartRef: number, ownerUserId: number, filmId: number | null): Promise<CalibrationInputs> {
      const film =
        filmId === null
          ? await newestLiveImage(db, chartRef, IMAGE_TYPE.cephalogram)
          : (
              await db
                .select({ dicomInfo: chartData.dicomInfo })
                .from(chartData)
                .where(and(eq(chartData.id, filmId), eq(chartData.chartRef, chartRef)))
            )[0];
      return { dicomInfo: film?.dicomInfo ?? null, defaultPpm: await accountDefaultPpm(db, ownerUserId) };
    },
  };
}

/** An original's key without its extension, and so the key of anything derived from it (thumbnail, display image). */
function stemOf(key: string): string {
  return key.replace(/\.(thumb\.jpg|display\.png)$/, '').replace(/\.[A-Za-z0-9]+$/, '');
}

function first<T>(rows: T[]): T | null {
  return rows[0] ?? null;
}

export type AuditTargetRepository = ReturnType<typeof createAuditTargetRepository>;
