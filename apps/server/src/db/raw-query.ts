import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { z } from 'zod';

type AnyPgDatabase = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

/**
 * Runs raw SQL on either driver and validates the rows. The common database type cannot know the
 * driver's result shape (both have `rows`), so the rows are checked rather than cast.
 */
export async function queryRows<T extends z.ZodType>(db: AnyPgDatabase, query: SQL, row: T): Promise<Array<z.infer<T>>> {
  const result: unknown = await db.execute(query);
  return z.object({ rows: z.array(row) }).parse(result).rows;
}
