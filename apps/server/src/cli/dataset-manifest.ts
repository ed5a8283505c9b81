import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const point = z.tuple([z.number(), z.number()]);

const datasetImageSchema = z.object({
  id: z.string(),
  file: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  landmarks: z.array(point),
  isbi_classes: z.record(z.string(), z.number()).optional(),
  /** This image's own spacing, where it differs from the set's. */
  pixel_spacing_mm: z.number().positive().optional(),
  /** Each annotator's points where there are two (`landmarks` is their mean); null where one left a landmark out. */
  annotator_a: z.array(point.nullable()).optional(),
  annotator_b: z.array(point.nullable()).optional(),
});

/** The dataset manifest format of ../shared/datasets/isbi2015 (manifest.json, manifest38.json). */
export const datasetManifestSchema = z.object({
  pixel_spacing_mm: z.number().positive(),
  pixel_spacing_estimate_mm: z.number().positive().optional(),
  landmark_names: z.array(z.string()).min(1),
  splits: z.record(z.string(), z.array(z.string())),
  isbi_duplicate_image_pairs: z.array(z.tuple([z.string(), z.string()])).optional(),
  images: z.array(datasetImageSchema),
});
export type DatasetManifest = z.infer<typeof datasetManifestSchema>;

/**
 * What eval:landmarks (and any tool that can say a spacing is estimated) reads: also a set whose spacing is unknown
 * (../shared/datasets/hamedan:
 * pixel_spacing_mm null, pixel_spacing_estimate_mm beside it), so that it can score it in px and %
 * of S-N and say that its mm rest on the estimate; and a film on which some landmark was not
 * annotated. The format above keeps a known spacing and every point for the tools that need them.
 */
export const evalDatasetManifestSchema = datasetManifestSchema.extend({
  pixel_spacing_mm: z.number().positive().nullable().optional(),
  /** A landmark not annotated on a film is null there: it is skipped, never scored as an error. */
  images: z.array(datasetImageSchema.extend({ landmarks: z.array(point.nullable()) })),
});
export type EvalDatasetManifest = z.infer<typeof evalDatasetManifestSchema>;

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** CEPH_DATASET_DIR, else ../shared/datasets/isbi2015 beside the repository; null when absent. */
export function datasetDir(): string | null {
  const dir = process.env.CEPH_DATASET_DIR ?? resolve(REPO_ROOT, '../shared/datasets/isbi2015');
  return existsSync(resolve(dir, 'manifest.json')) ? dir : null;
}

export async function loadDatasetManifest(path: string): Promise<{ manifest: DatasetManifest; baseDir: string }> {
  const raw: unknown = JSON.parse(await readFile(path, 'utf8'));
  return { manifest: datasetManifestSchema.parse(raw), baseDir: dirname(path) };
}

/** Paths given on the command line are relative to where the user ran npm, not to the workspace. */
export function userPath(p: string): string {
  return resolve(process.env.INIT_CWD ?? process.cwd(), p);
}

/** Test-split ids that have a near-duplicate in another split (train/test leakage), if known. */
export async function leakingIds(
  manifestPath: string,
  manifest: Pick<DatasetManifest, 'splits' | 'isbi_duplicate_image_pairs'>,
  split: string,
): Promise<Set<string>> {
  let pairs = manifest.isbi_duplicate_image_pairs;
  const sibling = resolve(dirname(manifestPath), 'manifest38.json');
  if (!pairs && existsSync(sibling))
    pairs = datasetManifestSchema.partial().parse(JSON.parse(await readFile(sibling, 'utf8'))).isbi_duplicate_image_pairs;
  const inSplit = new Set(manifest.splits[split] ?? []);
  const out = new Set<string>();
  for (const [a, b] of pairs ?? []) {
    if (inSplit.has(a) && !inSplit.has(b)) out.add(a);
    if (inSplit.has(b) && !inSplit.has(a)) out.add(b);
  }
  return out;
}
