import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/db/database';
import { copyPgliteTemplate, migrationsHash } from './pglite-template';

export interface TestDataDir {
  dataDir: string;
  /** Environment for loadConfig or a spawned server: DATA_DIR, plus DATABASE_URL on PostgreSQL. */
  env: Record<string, string>;
  usesPostgres: boolean;
  cleanup(): Promise<void>;
}

/**
 * A temporary DATA_DIR with a database: a copy of a PGlite template (empty, or already migrated when
 * `migrated`), or, when the run has DATABASE_URL, a new database on that server (dropped on cleanup):
 * empty, or a copy of a migrated template database when `migrated` (`CREATE DATABASE ... TEMPLATE`:
 * about a third of the CPU of running the migrations in every new database, docs/performance.md).
 * A database per test file, not a schema: drizzle-kit writes `"public".` into foreign keys.
 */
export async function createTestDataDir(options: { migrated?: boolean } = {}): Promise<TestDataDir> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ceppro-test-'));
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    await copyPgliteTemplate(path.join(dataDir, 'db'), { migrated: options.migrated ?? false });
    return {
      dataDir,
      env: { DATA_DIR: dataDir },
      usesPostgres: false,
      cleanup: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `ceppro_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const template = options.migrated === true ? ` template ${await migratedPostgresTemplate(serverUrl)}` : '';
  await adminQuery(serverUrl, `create database ${name}${template}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    usesPostgres: true,
    async cleanup() {
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let postgresTemplate: Promise<string> | undefined;

/**
 * A database on the DATABASE_URL server with every migration applied, named by the migrations' hash,
 * made once for all test runs on that server: under an advisory lock (vitest's workers start side by
 * side), built under another name and renamed when complete, so a name that exists is a whole template.
 * Nothing stays connected to it, as `CREATE DATABASE ... TEMPLATE` requires.
 */
function migratedPostgresTemplate(serverUrl: string): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `ceppro_template_${await migrationsHash()}`;
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query('select pg_advisory_lock(7305114202)');
      const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount === 0) {
        const staging = `${name}_building`;
        await client.query(`drop database if exists ${staging} with (force)`);
        await client.query(`create database ${staging}`);
        const url = new URL(serverUrl);
        url.pathname = `/${staging}`;
        const database = await openDatabase({ driver: 'postgres', url: url.toString() });
        try {
          await database.migrate();
        } finally {
          await database.close();
        }
        await client.query(`alter database ${staging} rename to ${name}`);
      }
      return name;
    } finally {
      await client.end();
    }
  })();
  return postgresTemplate;
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
