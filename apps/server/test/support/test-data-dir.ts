import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { copyPgliteTemplate } from './pglite-template';

export interface TestDataDir {
  dataDir: string;
  /** Environment for loadConfig or a spawned server: DATA_DIR, plus DATABASE_URL on PostgreSQL. */
  env: Record<string, string>;
  usesPostgres: boolean;
  cleanup(): Promise<void>;
}

/**
 * A temporary DATA_DIR with a database: a copy of a PGlite template (empty, or already migrated when
 * `migrated`), or, when the run has DATABASE_URL, a new empty database on that server (dropped on
 * cleanup; migrating it there takes milliseconds). A database per test
 * file, not a schema: drizzle-kit writes `"public".` into foreign keys.
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
  await adminQuery(serverUrl, `create database ${name}`);
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

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
