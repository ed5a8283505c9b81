import { IMAGE_TYPE, type ImageTypeCd } from '@ceppro/contract';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { liveChartData } from '../../db/live-image';
import { chartData, charts, patients } from '../../db/schema/index';
import { createPatientListQuery, type ListPage } from './patient-list.query';

export type PatientRow = typeof patients.$inferSelect;
export type PatientPatch = Partial<Pick<PatientRow, 'firstName' | 'birthInfo' | 'gender' | 'mobileNb' | 'raceCd'>>;
export type NewPatient = Pick<PatientRow, 'firstName' | 'birthInfo' | 'gender'> & Partial<Pick<PatientRow, 'mobileNb' | 'raceCd'>>;

/** Options of an insert: a draft gets an expiry and no patient_id yet. */
export interface InsertOptions {
  draftExpiresAt?: Date | undefined;
}

// Any fixed number: the advisory lock key space (classid) of "patient numbers of user <objid>".
const PATIENT_NUMBER_LOCK = 7305;

/**
 * Serialises patient numbering per user until the transaction ends: the count-plus-one rule
 * (docs/spec-points.md §3) reads the count and writes it back, and two concurrent creates must not both read
 * the same count. Works on PGlite too (it is PostgreSQL).
 */
export async function lockPatientNumbers(tx: AppDatabase, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PATIENT_NUMBER_LOCK}, ${userId})`);
}

/** The next "Patient ID": the owner's committed patients (deleted ones included) plus one. */
export function nextPatientNumber(userId: number): SQL<string> {
  return sql<string>`((select count(*) from ${patients}
    where ${patients.userId} = ${userId} and ${patients.draftExpiresAt} is null) + 1)::text`;
}

/**
 * Gives a draft patient its number and makes it visible. Call inside a transaction: it takes the
 * numbering lock, which is held until that transaction ends.
 */
export async function commitDraftPatient(tx: AppDatabase, userId: number, patientRef: number): Promise<boolean> {
  await lockPatientNumbers(tx, userId);
  const rows = await tx
    .update(patients)
    .set({ patientId: nextPatientNumber(userId), draftExpiresAt: null, updatedAt: new Date() })
    .where(and(eq(patients.id, patientRef), eq(patients.userId, userId), isNotNull(patients.draftExpiresAt)))
    .returning({ id: patients.id });
  return rows.length > 0;
}

export type PatientSortField = 'patient_id' | 'first_name' | 'birth_info';
export type SortOrder = 'asc' | 'desc';

export interface PatientListQuery {
  userId: number;
  page: number;
  pageSize: number;
  nameContains?: string | undefined;
  /** Only patients with a live chart holding live chart data of one of these types. */
  imageTypes?: readonly ImageTypeCd[] | undefined;
  sort: PatientSortField;
  order: SortOrder;
}

/** A chart of a listed patient with the images it holds (the list's History column). */
export interface ListedChart {
  id: number;
  uuid: string;
  chartId: string;
  patientRef: number;
  createdAt: Date;
  chartData: Array<{ imageTypeCd: ImageTypeCd; shootDate: string | null }>;
}

export function createPatientRepository(db: AppDatabase) {
  // Drafts (new-patient flow not yet committed by landmark detection) are invisible everywhere.
  const live = and(isNull(patients.deletedAt), isNull(patients.draftExpiresAt)) as SQL;
  const listQuery = createPatientListQuery(db);

  return {
    async findOwned(userId: number, id: number): Promise<PatientRow | undefined> {
      const [row] = await db
        .select()
        .from(patients)
        .where(and(eq(patients.id, id), eq(patients.userId, userId), live))
        .limit(1);
      return row;
    },

    /** Also a draft of the caller's: the new-patient flow adds its chart to the draft patient. */
    async findOwnedOrDraft(userId: number, id: number): Promise<PatientRow | undefined> {
      const [row] = await db
        .select()
        .from(patients)
        .where(and(eq(patients.id, id), eq(patients.userId, userId), isNull(patients.deletedAt)))
        .limit(1);
      return row;
    },

    /**
     * A page, its total and the page's charts (with images of `chartImageTypes`) in one statement
     * (docs/performance.md): the page's ids come from an index-only scan of the sort order's list
     * index (0013), then only those rows are read; the total is an uncorrelated subquery counted
     * once. A page past the end has no row to carry the total: it is counted on its own
     * (patient-list.query.ts, prepared statements per shape of the query).
     */
    async list(q: PatientListQuery, chartImageTypes?: readonly ImageTypeCd[]): Promise<ListPage> {
      return listQuery.list(q, chartImageTypes);
    },

    /** The live charts of many patients with their live images, in one query. */
    async chartsOf(
      patientIds: readonly number[],
      imageTypes: readonly ImageTypeCd[] = [IMAGE_TYPE.cephalogram, IMAGE_TYPE.lateralFace],
    ): Promise<ListedChart[]> {
      if (patientIds.length === 0) return [];
      const rows = await db
        .select({
          id: charts.id,
          uuid: charts.uuid,
          chartId: charts.chartId,
          patientRef: charts.patientRef,
          createdAt: charts.createdAt,
          imageTypeCd: chartData.imageTypeCd,
          shootDate: chartData.shootDate,
        })
        .from(charts)
        .leftJoin(chartData, and(eq(chartData.chartRef, charts.id), liveChartData, inArray(chartData.imageTypeCd, [...imageTypes])))
        .where(and(inArray(charts.patientRef, [...patientIds]), isNull(charts.deletedAt), isNull(charts.draftExpiresAt)))
        .orderBy(desc(charts.createdAt), desc(charts.id), asc(chartData.imageTypeCd));
      const byId = new Map<number, ListedChart>();
      for (const r of rows) {
        let chart = byId.get(r.id);
        if (!chart) {
          chart = { id: r.id, uuid: r.uuid, chartId: r.chartId, patientRef: r.patientRef, createdAt: r.createdAt, chartData: [] };
          byId.set(r.id, chart);
        }
        if (r.imageTypeCd) chart.chartData.push({ imageTypeCd: r.imageTypeCd, shootDate: r.shootDate });
      }
      return [...byId.values()];
    },

    /**
     * Inserts with patient_id = the owner's committed patient count + 1 (docs/spec-points.md §3), under the
     * per-user numbering lock so concurrent creates get distinct numbers. A draft gets no number.
     */
    async insert(userId: number, input: NewPatient, options: InsertOptions = {}): Promise<PatientRow> {
      const { draftExpiresAt } = options;
      const [row] = draftExpiresAt
        ? await db
            .insert(patients)
            .values({ ...input, userId, patientId: null, draftExpiresAt })
            .returning()
        : await db.transaction(async (tx) => {
            await lockPatientNumbers(tx, userId);
            return tx
              .insert(patients)
              .values({ ...input, userId, patientId: nextPatientNumber(userId) })
              .returning();
          });
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async update(userId: number, id: number, patch: PatientPatch): Promise<PatientRow | undefined> {
      const [row] = await db
        .update(patients)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(patients.id, id), eq(patients.userId, userId), live))
        .returning();
      return row;
    },

    /** Soft-deletes the patient and each of its charts (docs/spec-points.md §4) in one transaction. */
    async softDelete(userId: number, id: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const now = new Date();
        const [row] = await tx
          .update(patients)
          .set({ deletedAt: now, updatedAt: now })
          .where(and(eq(patients.id, id), eq(patients.userId, userId), live))
          .returning({ id: patients.id });
        if (!row) return false;
        await tx
          .update(charts)
          .set({ deletedAt: now, updatedAt: now })
          .where(and(eq(charts.patientRef, row.id), isNull(charts.deletedAt)));
        return true;
      });
    },
  };
}

export type PatientRepository = ReturnType<typeof createPatientRepository>;
