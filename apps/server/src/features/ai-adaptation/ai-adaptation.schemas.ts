import { isLandmarkId, type AdaptationProfile, type FilmCorrection, type LandmarkId, type LandmarkMap } from '@ceppro/ceph';
import { z } from 'zod';
import type { VersionedJson } from '../../db/schema/columns';

/*
 * The stored JSON of clinic adaptation (docs/house-rules.md §11: validated at the boundary, with a
 * version). Both documents are the domain's own types (packages/ceph clinic-adaptation.ts); a
 * correction gains the `version` the domain type does not carry. Offsets are in S-N units.
 */

const offset = { u: z.number().finite(), v: z.number().finite() };

/** A landmark map whose keys are registry ids; a key the registry no longer knows is left out, not an error. */
function landmarkMap<T extends z.ZodType>(value: T) {
  return z.record(z.string().max(20), value).transform((map) => {
    const out: LandmarkMap<z.output<T>> = {};
    for (const [key, v] of Object.entries(map)) if (isLandmarkId(key)) out[key as LandmarkId] = v;
    return out;
  });
}

const snMm = z.number().positive().finite().nullable();

export const storedFilmCorrectionSchema = z.object({
  version: z.literal(1),
  offsets: landmarkMap(z.object(offset)),
  snMm,
});

export const storedProfileSchema = z.object({
  version: z.literal(1),
  films: z.number().int().min(0),
  landmarks: landmarkMap(z.object({ ...offset, films: z.number().int().min(0), spread: z.number().min(0).finite() })),
  snMm,
});

export function toStoredCorrection(correction: FilmCorrection): VersionedJson {
  return { version: 1, offsets: correction.offsets, snMm: correction.snMm };
}

/** A stored correction, or null when it does not parse (an older or damaged row counts as no film). */
export function readStoredCorrection(json: unknown): FilmCorrection | null {
  const parsed = storedFilmCorrectionSchema.safeParse(json);
  return parsed.success ? { offsets: parsed.data.offsets, snMm: parsed.data.snMm } : null;
}

export function toStoredProfile(profile: AdaptationProfile): VersionedJson {
  return { ...profile };
}

/** A stored profile, or null when there is none or it does not parse (then nothing is applied). */
export function readStoredProfile(json: unknown): AdaptationProfile | null {
  const parsed = storedProfileSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
