import {
  DEFAULT_DEFINITION_PROFILE,
  DEFINABLE_LANDMARKS,
  isLandmarkId,
  resolveDefinitionProfile,
  type AdaptationProfile,
  type DefinableLandmarkId,
  type DefinitionProfile,
  type FilmCorrection,
  type LandmarkId,
  type LandmarkMap,
} from '@ceppro/ceph';
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

/** Per definable landmark (Po, Go, Me), the definition a film's offset of it is measured from (absent: the default). */
const definitionBases = z.object({ Po: z.string().max(40), Go: z.string().max(40), Me: z.string().max(40) }).partial();
export type DefinitionBases = z.infer<typeof definitionBases>;

export const storedFilmCorrectionSchema = z.object({
  version: z.literal(1),
  offsets: landmarkMap(z.object(offset)),
  snMm,
  /**
   * What the offsets of Po, Go, Me were measured from: the definition applied on that film (a
   * correction is the user's point minus the defined one). Absent on rows from before definitions,
   * and for a landmark whose offset is from the model's own point.
   */
  definitions: definitionBases.optional(),
});

/** A film's correction as the service uses it: the domain's, and what its definable offsets are measured from. */
export interface StoredCorrection {
  readonly correction: FilmCorrection;
  readonly bases: DefinitionBases;
}

export const storedProfileSchema = z.object({
  version: z.literal(1),
  films: z.number().int().min(0),
  landmarks: landmarkMap(z.object({ ...offset, films: z.number().int().min(0), spread: z.number().min(0).finite() })),
  snMm,
});

/** Only the bases of landmarks the correction has an offset for, and only those that are not the default. */
export function toStoredCorrection(correction: FilmCorrection, bases: DefinitionBases = {}): VersionedJson {
  const kept: DefinitionBases = {};
  for (const id of DEFINABLE_LANDMARKS) {
    const base = bases[id];
    if (correction.offsets[id] && base !== undefined && base !== DEFAULT_DEFINITION_PROFILE[id]) kept[id] = base;
  }
  return { version: 1, offsets: correction.offsets, snMm: correction.snMm, ...(Object.keys(kept).length > 0 && { definitions: kept }) };
}

/** A stored correction, or null when it does not parse (an older or damaged row counts as no film). */
export function readStoredCorrection(json: unknown): StoredCorrection | null {
  const parsed = storedFilmCorrectionSchema.safeParse(json);
  return parsed.success
    ? { correction: { offsets: parsed.data.offsets, snMm: parsed.data.snMm }, bases: parsed.data.definitions ?? {} }
    : null;
}

/**
 * The film's correction as it counts under the owner's `current` definitions: an offset of Po, Go or
 * Me measured from another definition than the current one is left out (it would move the newly
 * defined point by the gap between the two definitions); null when nothing is left. Kept in the row,
 * so switching back brings it back.
 */
export function correctionUnder(stored: StoredCorrection, current: DefinitionProfile): FilmCorrection | null {
  const offsets: FilmCorrection['offsets'] = { ...stored.correction.offsets };
  for (const id of DEFINABLE_LANDMARKS) {
    if (offsets[id] && (stored.bases[id] ?? DEFAULT_DEFINITION_PROFILE[id]) !== current[id]) delete offsets[id];
  }
  return Object.keys(offsets).length > 0 ? { ...stored.correction, offsets } : null;
}

/** The owner's chosen definitions as stored: null (the defaults) or `{ version: 1, Po, Go, Me }`. */
export const storedDefinitionsSchema = z.looseObject({ version: z.literal(1) });

export function toStoredDefinitions(profile: DefinitionProfile): VersionedJson | null {
  const isDefault = DEFINABLE_LANDMARKS.every((id: DefinableLandmarkId) => profile[id] === DEFAULT_DEFINITION_PROFILE[id]);
  return isDefault ? null : { version: 1, Po: profile.Po, Go: profile.Go, Me: profile.Me };
}

/** The stored definitions, complete: a missing, unknown (retired) or unreadable choice reads as its default. */
export function readStoredDefinitions(json: unknown): DefinitionProfile {
  const parsed = storedDefinitionsSchema.safeParse(json);
  return resolveDefinitionProfile(parsed.success ? parsed.data : null);
}

export function toStoredProfile(profile: AdaptationProfile): VersionedJson {
  return { ...profile };
}

/** A stored profile, or null when there is none or it does not parse (then nothing is applied). */
export function readStoredProfile(json: unknown): AdaptationProfile | null {
  const parsed = storedProfileSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
