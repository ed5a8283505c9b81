import { IMAGE_TYPE, type ImageTypeCd } from '@ceppro/contract';
import { and, asc, desc, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import { patientScopeTemplate, patientScopeValues, spaceKindOf, type SpaceKind } from '../../access/index';
import type { AppDatabase } from '../../db/database';
import { clinicPatientCounts, patientCounts, patients } from '../../db/schema/index';
import { listedChartsOfRow, listedPeopleOfRow, type ListedPeople } from './listed-charts.sql';
import type { ListedChart, PatientListQuery, PatientRow } from './patient.repository';

/** The values of one list query (the placeholders of its prepared statements). */
type ListParams = {
  scopeUserId: number;
  scopeClinicId: number;
  pattern: string;
  limit: number;
  offset: number;
};

/** patients.image_types bits (kept by database triggers, see the schema). */
const IMAGE_TYPE_BITS: Record<ImageTypeCd, number> = { [IMAGE_TYPE.cephalogram]: 1, [IMAGE_TYPE.lateralFace]: 2 };
const ALL_IMAGE_TYPES = 3;

/** PostgreSQL's unnamed statement: node-postgres parses (and PostgreSQL plans) it on every execution. */
const UNNAMED = '';

function imageTypeMask(types: readonly ImageTypeCd[]): number {
  return types.reduce((mask, t) => mask | IMAGE_TYPE_BITS[t], 0);
}

/** LIKE wildcards in a user's search text are literal characters, not patterns. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The patient list's SQL (docs/performance.md): a page, its total and the page's charts (with images
 * of `chartImageTypes`) in one statement. The page's ids come from an index-only scan of the sort
 * order's list index (0013), then only those rows are read; the total is the owner's figure (0014)
 * or, for a search or type filter, an uncorrelated subquery counted once. A page past the end has no
 * row to carry the total: it is read on its own.
 */
export interface ListPage {
  rows: Array<PatientRow & ListedPeople & { charts: ListedChart[] }>;
  total: number;
}

export function createPatientListQuery(db: AppDatabase) {
  // Drafts (new-patient flow not yet committed by landmark detection) are invisible everywhere.
  const live = and(isNull(patients.deletedAt), isNull(patients.draftExpiresAt)) as SQL;

  /**
   * The list's conditions: the actor's space (the access policy's scope, one statement text per kind
   * of space: a person's personal patients or a clinic's) and the search text are placeholders.
   */
  function listWhere(q: PatientListQuery, space: SpaceKind): SQL | undefined {
    const conditions: SQL[] = [patientScopeTemplate(space), live];
    if (q.nameContains) conditions.push(ilike(patients.firstName, sql.placeholder('pattern')));
    if (q.imageTypes && q.imageTypes.length > 0) {
      // Any image at all, then a narrower type as one more bit test on the same rows.
      conditions.push(sql`${patients.imageTypes} <> 0`);
      const mask = imageTypeMask(q.imageTypes);
      if (mask !== ALL_IMAGE_TYPES) conditions.push(sql`(${patients.imageTypes} & ${mask}) <> 0`);
    }
    return and(...conditions);
  }

  function orderBy(q: PatientListQuery): SQL[] {
    const dir = q.order === 'asc' ? asc : desc;
    // patient_id is a number kept as text: order by length first so "10" sorts after "9".
    // Names sort case-insensitively, the same under any database collation.
    const keys =
      q.sort === 'patient_id'
        ? [dir(sql`length(${patients.patientId})`), dir(patients.patientId)]
        : q.sort === 'first_name'
          ? [dir(sql`lower(${patients.firstName})`), dir(patients.firstName)]
          : [dir(patients.birthInfo)];
    // The id breaks ties so pages never overlap or skip rows.
    return [...keys, dir(patients.id)];
  }

  /**
   * The total: without a search or a type filter, the space's live-patient figure kept by triggers
   * (patient_counts per person, clinic_patient_counts per clinic; 0014, 0018: exact, no count of the
   * space's rows per request); otherwise a count.
   */
  function totalOf(q: PatientListQuery, space: SpaceKind, where: SQL | undefined): SQL<number> {
    const filtered = Boolean(q.nameContains) || (q.imageTypes !== undefined && q.imageTypes.length > 0);
    if (filtered) return sql<number>`(select count(*) from ${patients} where ${where})`.mapWith(Number);
    const figure =
      space === 'personal'
        ? sql`(select ${patientCounts.live} from ${patientCounts} where ${patientCounts.userId} = ${sql.placeholder('scopeUserId')})`
        : sql`(select ${clinicPatientCounts.live} from ${clinicPatientCounts}
            where ${clinicPatientCounts.clinicId} = ${sql.placeholder('scopeClinicId')})`;
    return sql<number>`coalesce(${figure}, 0)`.mapWith(Number);
  }

  /** The list's page (with its total and charts) and its bare total, with placeholders for the values. */
  function listQueries(q: PatientListQuery, space: SpaceKind, chartImageTypes: readonly ImageTypeCd[] | undefined) {
    const where = listWhere(q, space);
    const order = orderBy(q);
    const totalSql = totalOf(q, space, where);
    const pageIds = db
      .select({ id: patients.id })
      .from(patients)
      .where(where)
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    const page = db
      .select({
        row: patients,
        charts: listedChartsOfRow(chartImageTypes),
        people: listedPeopleOfRow(),
        total: totalSql,
      })
      .from(patients)
      // `= any(array(...))`, not `in (...)`: the page's ids are then always an init plan and a primary
      // key lookup, also in the generic plan PostgreSQL may choose for a prepared statement.
      .where(sql`${patients.id} = any(array${pageIds})`)
      .orderBy(...order);
    // A page past the end has no row to carry the total (the owner's figure needs no `from patients`).
    const total = db.select({ n: totalSql }).from(sql`(select 1) as one`);
    return { page, total };
  }
  type ListQueries = ReturnType<typeof listQueries>;

  /**
   * The list's statements for one shape (sort, order, type filters, a search or not), built by
   * drizzle once, not per request (docs/performance.md: building them cost more server CPU than the
   * rest of a search). An unfiltered list is a named statement on PostgreSQL, parsed once per
   * connection. A search is sent as PostgreSQL's unnamed statement (the empty name), so it is planned
   * for its own text every time: whether the trigram index (0013) pays depends on the text, and a
   * generic plan made a search that matches most patients three times slower. At most
   * 2 x 3 x 2 x 4 x 4 x 2 shapes (the kind of space first: personal or clinic).
   */
  type Prepared = { page: ReturnType<ListQueries['page']['prepare']>; total: ReturnType<ListQueries['total']['prepare']> };
  const prepared = new Map<string, Prepared>();

  function runList(q: PatientListQuery, chartImageTypes: readonly ImageTypeCd[] | undefined, values: ListParams) {
    const space = spaceKindOf(q.actor);
    const types = q.imageTypes ? imageTypeMask(q.imageTypes) : 'all';
    const shape = `${space}_${q.sort}_${q.order}_${types}_${chartImageTypes?.join('_') ?? 'all'}_${q.nameContains ? 'search' : 'all'}`;
    let statements = prepared.get(shape);
    if (!statements) {
      const { page, total } = listQueries(q, space, chartImageTypes);
      // Named by the shape: the same name always means the same text, whichever repository prepared it.
      const name = (kind: string): string => (q.nameContains ? UNNAMED : `patients_${kind}_${shape}`);
      statements = { page: page.prepare(name('list')), total: total.prepare(name('total')) };
      prepared.set(shape, statements);
    }
    const { page, total } = statements;
    return { page: () => page.execute(values), total: () => total.execute(values) };
  }

  return {
    async list(q: PatientListQuery, chartImageTypes?: readonly ImageTypeCd[]): Promise<ListPage> {
      const values = {
        ...patientScopeValues(q.actor),
        pattern: `%${escapeLike(q.nameContains ?? '')}%`,
        limit: q.pageSize,
        offset: q.page * q.pageSize,
      };
      const statements = runList(q, chartImageTypes, values);
      const found = await statements.page();
      if (found.length > 0) return { rows: found.map((f) => ({ ...f.row, ...f.people, charts: f.charts })), total: found[0]?.total ?? 0 };
      const [totals] = await statements.total();
      return { rows: [], total: totals?.n ?? 0 };
    },
  };
}
