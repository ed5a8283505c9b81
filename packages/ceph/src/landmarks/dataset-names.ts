import { DENTAL_LANDMARKS, SOFT_TISSUE_LANDMARKS } from './catalogue-dental-soft.ts';
import { HARD_TISSUE_LANDMARKS } from './catalogue-hard.ts';
import type { LandmarkDefinition, LandmarkId } from './types.ts';

/** Every catalogue entry, hard → dental → soft (metadata only; no model indices). */
export const LANDMARK_CATALOGUE: readonly LandmarkDefinition[] = [...HARD_TISSUE_LANDMARKS, ...DENTAL_LANDMARKS, ...SOFT_TISSUE_LANDMARKS];

/**
 * Normalise a landmark name for matching: lower case, trimmed, primes/backticks/typographic
 * apostrophes → `'`, hyphens and runs of white space → one space. The prime is KEPT, so `Pog` and
 * `Pog'` stay different landmarks.
 */
export function normaliseLandmarkName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[\u2032\u2019\u00b4`]/g, "'")
    .replace(/[-_\s]+/g, ' ')
    .trim();
}

function buildIndex(): { index: Map<string, LandmarkId>; collisions: string[] } {
  const index = new Map<string, LandmarkId>();
  const collisions: string[] = [];
  for (const lm of LANDMARK_CATALOGUE) {
    for (const name of [lm.id, lm.shortName, lm.fullName, ...lm.aliases]) {
      const key = normaliseLandmarkName(name);
      const prior = index.get(key);
      if (prior !== undefined && prior !== lm.id) collisions.push(`${name}: ${prior} vs ${lm.id}`);
      else index.set(key, lm.id);
    }
  }
  return { index, collisions };
}

const NAME_INDEX = buildIndex();

/** Names that would map to two landmarks (must be empty; checked by a test). */
export const LANDMARK_NAME_COLLISIONS: readonly string[] = NAME_INDEX.collisions;

/**
 * Registry id for a dataset / model / user landmark name (ids, short names, full names and aliases of
 * ISBI 2015, CL-Detection 2023 and Aariz), matched after `normaliseLandmarkName`; `null` if unknown.
 */
export function landmarkIdFromName(name: string): LandmarkId | null {
  return NAME_INDEX.index.get(normaliseLandmarkName(name)) ?? null;
}
