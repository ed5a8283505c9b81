/// <reference types="node" />
// Locates the ISBI 2015 dataset for tests: $CEPH_DATASET_DIR, else ../shared/datasets/isbi2015 from the repo root.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Absolute dataset directory (may not exist). */
export const DATASET_DIR = process.env['CEPH_DATASET_DIR'] ?? resolve(repoRoot, '../shared/datasets/isbi2015');

/** Parsed JSON of a dataset file, or `null` (with the reason) when it is absent. */
export function readDatasetJson(file: string): { data: unknown; reason: null } | { data: null; reason: string } {
  const path = resolve(DATASET_DIR, file);
  if (!existsSync(path)) return { data: null, reason: `dataset file not found: ${path} (set CEPH_DATASET_DIR)` };
  return { data: JSON.parse(readFileSync(path, 'utf8')) as unknown, reason: null };
}
