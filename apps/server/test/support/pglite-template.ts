import { PGlite } from '@electric-sql/pglite';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from '../../src/config/paths';
import { openDatabase } from '../../src/db/database';
import { MIGRATIONS_FOLDER } from '../../src/db/migrations';

// The package's exports hide package.json, so read it from the workspace's node_modules.
const { version } = z
  .object({ version: z.string() })
  .parse(JSON.parse(readFileSync(path.join(REPO_ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')));

const CACHE_DIR = path.join(os.tmpdir(), 'ceppro-test-cache');

/**
 * initdb takes seconds in PGlite and the migrations a second or two more; a copied data directory
 * opens in a fraction of that. Two templates, built once and kept in the OS temp dir across runs:
 * an empty cluster (for tests that must watch migrations run) and a migrated one, keyed by a hash
 * of the migration files so a new migration builds a new template.
 */
export async function copyPgliteTemplate(target: string, options: { migrated: boolean }): Promise<void> {
  const template = options.migrated ? await migratedTemplate() : await emptyTemplate();
  await cp(template, target, { recursive: true });
}

async function emptyTemplate(): Promise<string> {
  return buildOnce(path.join(CACHE_DIR, `pglite-${version}-empty`), async (staging) => {
    const db = new PGlite(staging);
    await db.waitReady;
    await db.close();
  });
}

async function migratedTemplate(): Promise<string> {
  const dir = path.join(CACHE_DIR, `pglite-${version}-migrated-${await migrationsHash()}`);
  return buildOnce(dir, async (staging) => {
    await cp(await emptyTemplate(), staging, { recursive: true });
    const database = await openDatabase({ driver: 'pglite', dataDir: staging });
    await database.migrate();
    await database.close();
  });
}

async function buildOnce(dir: string, build: (staging: string) => Promise<void>): Promise<string> {
  if (await isDir(dir)) return dir;
  await mkdir(CACHE_DIR, { recursive: true });
  const staging = `${dir}.${process.pid}.${Date.now()}`;
  await build(staging);
  // Rename is atomic: a concurrent run either sees no template or a complete one.
  await rename(staging, dir).catch(() => rm(staging, { recursive: true, force: true }));
  await rm(`${staging}.lock`, { force: true });
  return dir;
}

/** A hash of the migration files: a new migration makes new templates (PGlite here, PostgreSQL in test-data-dir.ts). */
export async function migrationsHash(): Promise<string> {
  const hash = createHash('sha256');
  const files = (await readdir(MIGRATIONS_FOLDER, { recursive: true })).filter((f) => f.endsWith('.sql') || f.endsWith('.json')).sort();
  for (const file of files) hash.update(file).update(await readFile(path.join(MIGRATIONS_FOLDER, file)));
  return hash.digest('hex').slice(0, 16);
}

async function isDir(dir: string): Promise<boolean> {
  return (await stat(dir).catch(() => null))?.isDirectory() ?? false;
}
