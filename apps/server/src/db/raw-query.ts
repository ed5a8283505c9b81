import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { z } from 'zod';

type AnyPgDatabase = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

/**
 * The `{ rows: [...] }` schema of each row schema, built once: zod compiles an object schema on its
 * first parse, and building a new one per query cost about 0.6 ms of the event loop a call (the
 * health check runs two queries for every /healthz; issue 24's floods).
 */
const resultSchemas = new WeakMap<z.ZodType, z.ZodType<{ rows: unknown[] }>>();

function resultSchemaOf<T extends z.ZodType>(row: T): z.ZodType<{ rows: Array<z.infer<T>> }> {
  let schema = resultSchemas.get(row);
  if (!schema) {
    schema = z.object({ rows: z.array(row) });
    resultSchemas.set(row, schema);
  }
  return schema as z.ZodType<{ rows: Array<z.infer<T>> }>;
}

/**
 * Runs raw SQL on either driver and validates the rows. The common database type cannot know the
 * driver's result shape (both have `rows`), so the rows are checked rather than cast. Give `row` as
 * a module constant on a hot path: its result schema is then built once.
 */
export async function queryRows<T extends z.ZodType>(db: AnyPgDatabase, query: SQL, row: T): Promise<Array<z.infer<T>>> {
  const result: unknown = await db.execute(query);
  return resultSchemaOf(row).parse(result).rows;
}
