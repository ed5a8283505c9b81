import { PGlite } from '@electric-sql/pglite';
import { readFileSync } from 'node:fs';
import { cp, mkdir, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from '../../src/config/paths';

// The package's exports hide package.json, so read it from the workspace's node_modules.
const { version } = z
  .object({ version: z.string() })
  .parse(JSON.parse(readFileSync(path.join(REPO_ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')));

/**
 * initdb takes seconds in PGlite; a copied data directory opens in a fraction of that. The template
 * is an empty, initialised cluster (no migrations: tests must see migrations run), built once per
 * PGlite version and kept in the OS temp dir across runs.
 */
const TEMPLATE_DIR = path.join(os.tmpdir(), 'ceppro-test-cache', `pglite-${version}-empty`);

async function ensureTemplate(): Promise<string> {
  if (await isDir(TEMPLATE_DIR)) return TEMPLATE_DIR;
  await mkdir(path.dirname(TEMPLATE_DIR), { recursive: true });
  const staging = `${TEMPLATE_DIR}.${process.pid}.${Date.now()}`;
  const db = new PGlite(staging);
  await db.waitReady;
  await db.close();
  // Rename is atomic: a concurrent run either sees no template or a complete one.
  await rename(staging, TEMPLATE_DIR).catch(async () => rm(staging, { recursive: true, force: true }));
  return TEMPLATE_DIR;
}

/** Puts a fresh, initialised PGlite cluster at `target`. */
export async function copyPgliteTemplate(target: string): Promise<void> {
  const template = await ensureTemplate();
  await cp(template, target, { recursive: true });
}

async function isDir(dir: string): Promise<boolean> {
  return (await stat(dir).catch(() => null))?.isDirectory() ?? false;
}
