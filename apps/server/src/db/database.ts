import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { mkdir } from 'node:fs/promises';
import pg from 'pg';
import type { AppConfig } from '../config/config';
import { MIGRATIONS_FOLDER, readMigrationStatus, type MigrationStatus } from './migrations';
import { acquireDirLock } from './dir-lock';
import * as schema from './schema/index';

export type Schema = typeof schema;

/** The one database type the rest of the server sees, whichever driver is underneath. */
export type AppDatabase = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  readonly driver: 'pglite' | 'postgres';
  readonly db: AppDatabase;
  /** Applies the committed migrations; returns how many were new. */
  migrate(): Promise<{ applied: number; status: MigrationStatus }>;
  migrationStatus(): Promise<MigrationStatus>;
  close(): Promise<void>;
}

// Any fixed number: it only has to be the same in every instance of this server.
const MIGRATION_LOCK_ID = 7_305_114_201;

export async function openDatabase(config: AppConfig['database']): Promise<DatabaseHandle> {
  return config.driver === 'pglite' ? openPglite(config.dataDir) : openPostgres(config.url);
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  await mkdir(dataDir, { recursive: true });
  // Two processes on one PGlite directory corrupt it; refuse the second one instead.
  const lock = await acquireDirLock(`${dataDir}.lock`);
  let client: PGlite;
  try {
    // pg_trgm and btree_gin: the patient name search's index (migration 0013); PostgreSQL has them in contrib.
    client = new PGlite(dataDir, { extensions: { pg_trgm, btree_gin } });
    await client.waitReady;
  } catch (error) {
    await lock.release();
    throw error;
  }
  const db = drizzlePglite(client, { schema });
  let closed = false;
  return {
    driver: 'pglite',
    db,
    async migrate() {
      const before = await readMigrationStatus(db);
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
      const status = await readMigrationStatus(db);
      return { applied: status.appliedCount - before.appliedCount, status };
    },
    migrationStatus: () => readMigrationStatus(db),
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
      await lock.release();
    },
  };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  // A pool emits 'error' when an idle connection dies (server restart); unhandled, that kills the process.
  pool.on('error', () => undefined);
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    // The URL is left out on purpose: it holds the password.
    throw new Error(`Cannot connect to PostgreSQL (DATABASE_URL): ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  const db = drizzleNodePg(pool, { schema });
  let closed = false;
  return {
    driver: 'postgres',
    db,
    async migrate() {
      // Serialise concurrent starts of several instances: drizzle's migrator does not lock.
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        const before = await readMigrationStatus(db);
        await migrateNodePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
        const status = await readMigrationStatus(db);
        return { applied: status.appliedCount - before.appliedCount, status };
      } finally {
        await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
        lockClient.release();
      }
    },
    migrationStatus: () => readMigrationStatus(db),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
