import { sql, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../apps/server/src/db/database';
import type { BenchClient } from './bench-api-client';
import { percentile } from './landmark-metrics';

/** The web app's list document (apps/web patient list): a page of 10 with charts and the total. */
export const LIST_QUERY = `query($page: Int, $filter: PatientFilter, $sort: PatientSort) {
  patients(page: $page, filter: $filter, sort: $sort) {
    items {
      id patient_id first_name birth_info gender createdAt
      charts { uuid chart_id createdAt chart_data { image_type_cd shoot_date } }
    }
    pagination { total }
  }
}`;

type SortField = 'patient_id' | 'first_name' | 'birth_info';
export interface ListVariables {
  page: number;
  filter?: { name_contains: string };
  sort?: { field: SortField; order: 'asc' | 'desc' };
}

const SORTS: readonly SortField[] = ['patient_id', 'first_name', 'birth_info'];

/** The i-th request of the mix: a random page, a name search, or a page in each sort order. */
export function listVariables(i: number, w: number, pages: number): ListVariables {
  const kind = i % 4;
  if (kind === 0) return { page: (i * 7919) % pages };
  if (kind === 1) return { page: 0, filter: { name_contains: String((i * 31) % 1000).padStart(3, '0') } };
  return { page: (i * 104_729) % pages, sort: { field: SORTS[(i + w) % 3] ?? 'patient_id', order: i % 2 ? 'asc' : 'desc' } };
}

export interface LoadResult {
  latencies: number[];
  wallMs: number;
}

/**
 * `requests` list queries shared by `clients` workers; every query checks it saw only the caller's
 * rows (the total of an unfiltered list is the caller's patient count).
 */
export async function listLoad(client: BenchClient, mainPatients: number, clients: number, requests: number): Promise<LoadResult> {
  const pages = Math.max(1, Math.ceil(mainPatients / 10));
  const latencies: number[] = [];
  let issued = 0;
  async function worker(w: number): Promise<void> {
    while (issued < requests) {
      const i = issued++;
      const variables = listVariables(i, w, pages);
      const t = performance.now();
      const data = await client.graphql<{ patients: { items: unknown[]; pagination: { total: number } } }>(LIST_QUERY, { ...variables });
      latencies.push(performance.now() - t);
      const { total } = data.patients.pagination;
      if (!variables.filter && total !== mainPatients) throw new Error(`list total ${total}, expected ${mainPatients}`);
    }
  }
  const t0 = performance.now();
  await Promise.all(Array.from({ length: clients }, (_, w) => worker(w)));
  return { latencies, wallMs: performance.now() - t0 };
}

/** The ORDER BY of the app's list (patients/patient.repository.ts), as plain SQL. */
function orderSql(sort: ListVariables['sort']): SQL {
  const dir = sql.raw(sort?.order === 'asc' ? 'asc' : 'desc');
  const field = sort?.field ?? 'patient_id';
  if (field === 'patient_id') return sql`order by length(patient_id) ${dir}, patient_id ${dir}, id ${dir}`;
  if (field === 'first_name') return sql`order by lower(first_name) ${dir}, first_name ${dir}, id ${dir}`;
  return sql`order by birth_info ${dir}, id ${dir}`;
}

/**
 * The floor for one list request: the same page and total as plain SQL through the app's own pool
 * (openDatabase), the two statements at once as two queries, one request at a time, `runs` times
 * over the same request mix. No charts, no auth, no GraphQL, no HTTP.
 */
export async function rawSqlLatencies(db: AppDatabase, userId: number, mainPatients: number, runs: number): Promise<number[]> {
  const pages = Math.max(1, Math.ceil(mainPatients / 10));
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const v = listVariables(i, 0, pages);
    const name = v.filter ? sql` and first_name ilike ${`%${v.filter.name_contains}%`}` : sql``;
    const where = sql`where user_id = ${userId} and deleted_at is null and draft_expires_at is null${name}`;
    const t = performance.now();
    await Promise.all([
      db.execute(sql`select * from patients ${where} ${orderSql(v.sort)} limit 10 offset ${v.page * 10}`),
      db.execute(sql`select count(*) from patients ${where}`),
    ]);
    out.push(performance.now() - t);
  }
  return out;
}

export const ms = (values: number[], p: number): string => (values.length > 0 ? percentile(values, p).toFixed(1) : 'NaN');
