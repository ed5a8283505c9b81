import { IMAGE_TYPE, type ImageTypeCd } from '@ceppro/contract';
import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { asActor, newPatientOwner, patientScope, type Actor, type ActorRef } from '../../access/index';
import type { AppDatabase } from '../../db/database';
import { liveChartData } from '../../db/live-image';
import { analysisRecords, chartData, charts, patients, users } from '../../db/schema/index';
import { listedPeopleOfRow, type ListedPeople, type ListedPerson } from './listed-charts.sql';
import { createPatientListQuery, type ListPage } from './patient-list.query';

export type PatientRow = typeof patients.$inferSelect;
/** A patient as the graph shows it: the row with who created it and who changed it last. */
export type PatientWithPeople = PatientRow & ListedPeople;
export type { ListedPeople, ListedPerson };
export type PatientPatch = Partial<Pick<PatientRow, 'firstName' | 'birthInfo' | 'gender' | 'mobileNb' | 'raceCd'>>;
export type NewPatient = Pick<PatientRow, 'firstName' | 'birthInfo' | 'gender'> & Partial<Pick<PatientRow, 'mobileNb' | 'raceCd'>>;

/** Options of an insert: a draft gets an expiry and no patient_id yet. */
export interface InsertOptions {
  draftExpiresAt?: Date | undefined;
}

// Any fixed numbers: the advisory lock key spaces (classid) of "patient numbers of user <objid>" and
// "patient numbers of clinic <objid>".
const PATIENT_NUMBER_LOCK = 7305;
const CLINIC_PATIENT_NUMBER_LOCK = 7306;

/**
 * Serialises patient numbering per space (a person's personal patients, or a clinic's) until the
 * transaction ends: the count-plus-one rule (docs/spec-points.md §3) reads the count and writes it
 * back, and two concurrent creates must not both read the same count. Works on PGlite too.
 */
export async function lockPatientNumbers(tx: AppDatabase, actor: Actor): Promise<void> {
  const [space, key] = actor.clinicId === null ? [PATIENT_NUMBER_LOCK, actor.userId] : [CLINIC_PATIENT_NUMBER_LOCK, actor.clinicId];
  await tx.execute(sql`select pg_advisory_xact_lock(${space}, ${key})`);
}

/**
 * The next "Patient ID": the space's committed patients (deleted ones included) plus one. A clinic
 * numbers its patients in one sequence whoever creates them; a personal space its own.
 */
export function nextPatientNumber(actor: Actor): SQL<string> {
  return sql<string>`((select count(*) from ${patients}
    where ${patientScope(actor)} and ${patients.draftExpiresAt} is null) + 1)::text`;
}

/**
 * Gives a draft patient its number and makes it visible. Call inside a transaction: it takes the
 * numbering lock, which is held until that transaction ends. `actor` is who committed it, in the
 * space the draft was created in.
 */
export async function commitDraftPatient(tx: AppDatabase, ref: ActorRef, patientRef: number): Promise<boolean> {
  const actor = asActor(ref);
  await lockPatientNumbers(tx, actor);
  const rows = await tx
    .update(patients)
    .set({ patientId: nextPatientNumber(actor), draftExpiresAt: null, updatedAt: new Date(), updatedBy: actor.userId })
    .where(and(eq(patients.id, patientRef), patientScope(actor), isNotNull(patients.draftExpiresAt)))
    .returning({ id: patients.id });
  return rows.length > 0;
}

export type PatientSortField = 'patient_id' | 'first_name' | 'birth_info';
export type SortOrder = 'asc' | 'desc';

export interface PatientListQuery {
  /** Whose list: the actor's space (access policy). */
  actor: Actor;
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
  /** Who last changed the chart's analysis record (a save, or the detection that made it); null: nobody recorded. */
  updatedBy: ListedPerson | null;
}

export function createPatientRepository(db: AppDatabase) {
  // Drafts (new-patient flow not yet committed by landmark detection) are invisible everywhere.
  const live = and(isNull(patients.deletedAt), isNull(patients.draftExpiresAt)) as SQL;
  const listQuery = createPatientListQuery(db);
  // A row and its people, in a select or an insert's / update's RETURNING (one statement).
  const withPeople = { ...getTableColumns(patients), people: listedPeopleOfRow() };
  const flatten = <T extends { people: ListedPeople }>({ people, ...row }: T): Omit<T, 'people'> & ListedPeople => ({ ...row, ...people });

  return {
    async findOwned(actor: Actor, id: number): Promise<PatientWithPeople | undefined> {
      const [row] = await db
        .select(withPeople)
        .from(patients)
        .where(and(eq(patients.id, id), patientScope(actor), live))
        .limit(1);
      return row && flatten(row);
    },

    /** Also a draft in the caller's space: the new-patient flow adds its chart to the draft patient. */
    async findOwnedOrDraft(actor: Actor, id: number): Promise<PatientRow | undefined> {
      const [row] = await db
        .select()
        .from(patients)
        .where(and(eq(patients.id, id), patientScope(actor), isNull(patients.deletedAt)))
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
          updatedBy: { uuid: users.uuid, firstName: users.firstName },
        })
        .from(charts)
        .leftJoin(chartData, and(eq(chartData.chartRef, charts.id), liveChartData, inArray(chartData.imageTypeCd, [...imageTypes])))
        .leftJoin(analysisRecords, and(eq(analysisRecords.chartRef, charts.id), isNull(analysisRecords.deletedAt)))
        .leftJoin(users, eq(users.id, analysisRecords.updatedBy))
        .where(and(inArray(charts.patientRef, [...patientIds]), isNull(charts.deletedAt), isNull(charts.draftExpiresAt)))
        .orderBy(desc(charts.createdAt), desc(charts.id), asc(chartData.imageTypeCd));
      const byId = new Map<number, ListedChart>();
      for (const r of rows) {
        let chart = byId.get(r.id);
        if (!chart) {
          const { id, uuid, chartId, patientRef, createdAt, updatedBy } = r;
          chart = { id, uuid, chartId, patientRef, createdAt, chartData: [], updatedBy };
          byId.set(r.id, chart);
        }
        if (r.imageTypeCd) chart.chartData.push({ imageTypeCd: r.imageTypeCd, shootDate: r.shootDate });
      }
      return [...byId.values()];
    },

    /**
     * Inserts in the actor's space (`newPatientOwner`: a patient created in a clinic is the clinic's)
     * with patient_id = the space's committed patient count + 1 (docs/spec-points.md §3), under the
     * space's numbering lock so concurrent creates get distinct numbers. A draft gets no number.
     */
    async insert(actor: Actor, input: NewPatient, options: InsertOptions = {}): Promise<PatientWithPeople> {
      const { draftExpiresAt } = options;
      const owner = { ...newPatientOwner(actor), updatedBy: actor.userId };
      const [row] = draftExpiresAt
        ? await db
            .insert(patients)
            .values({ ...input, ...owner, patientId: null, draftExpiresAt })
            .returning(withPeople)
        : await db.transaction(async (tx) => {
            await lockPatientNumbers(tx, actor);
            return tx
              .insert(patients)
              .values({ ...input, ...owner, patientId: nextPatientNumber(actor) })
              .returning(withPeople);
          });
      if (!row) throw new Error('insert returned no row');
      return flatten(row);
    },

    async update(actor: Actor, id: number, patch: PatientPatch): Promise<PatientWithPeople | undefined> {
      const [row] = await db
        .update(patients)
        .set({ ...patch, updatedAt: new Date(), updatedBy: actor.userId })
        .where(and(eq(patients.id, id), patientScope(actor), live))
        .returning(withPeople);
      return row && flatten(row);
    },

    /** Soft-deletes the patient and each of its charts (docs/spec-points.md §4) in one transaction. */
    async softDelete(actor: Actor, id: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const now = new Date();
        const [row] = await tx
          .update(patients)
          .set({ deletedAt: now, updatedAt: now, updatedBy: actor.userId })
          .where(and(eq(patients.id, id), patientScope(actor), live))
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
