import { landmarkIdFromName } from './dataset-names.ts';
import type { LandmarkId } from './types.ts';

/**
 * Output channel names of landmark model v1, in output order: exactly `landmark_names` of the
 * dataset's `manifest38.json` (CL-Detection 2023 labels; the first 19 are the ISBI 2015 order).
 */
export const MODEL_OUTPUT_NAMES_V1: readonly string[] = [
  'Sella',
  'Nasion',
  'Orbitale',
  'Porion',
  'Subspinale (A point)',
  'Supramentale (B point)',
  'Pogonion',
  'Menton',
  'Gnathion',
  'Gonion',
  'Lower incisal incision',
  'Upper incisal incision',
  'Upper lip',
  'Lower lip',
  'Subnasale',
  'Soft tissue pogonion',
  'Posterior nasal spine',
  'Anterior nasal spine',
  'Articulare',
  'D point (centre of the mandibular symphysis)',
  'Upper incisor root apex',
  'Lower incisor root apex',
  'Columella',
  'Pterygomaxillary fissure (lowest point)',
  'Condylion',
  'Pronasale',
  'Basion',
  'PT point (pterygoid point)',
  'Bolton point',
  "Upper lip vermilion border (UL')",
  "Lower lip vermilion border (LL')",
  'Soft tissue gnathion',
  'Soft tissue menton',
  'Glabella',
  'Soft tissue nasion',
  'Cervical point',
  'Upper first molar (mesial contact)',
  'Lower first molar (mesial contact)',
];

/** Short names of the v1 model outputs, in output order (`landmark_short_names` of `manifest38.json`). */
export const MODEL_OUTPUT_SHORT_NAMES_V1: readonly string[] = [
  'S',
  'N',
  'Or',
  'Po',
  'A',
  'B',
  'Pog',
  'Me',
  'Gn',
  'Go',
  'L1',
  'U1',
  'UL',
  'LL',
  'Sn',
  "Pog'",
  'PNS',
  'ANS',
  'Ar',
  'D',
  'U1A',
  'L1A',
  'Cm',
  'Ptm',
  'Co',
  'Prn',
  'Ba',
  'Pt',
  'Bo',
  "UL'",
  "LL'",
  "Gn'",
  "Me'",
  'G',
  "N'",
  'C',
  'U6',
  'L6',
];

/** Number of landmarks the v1 model outputs. */
export const MODEL_OUTPUT_COUNT_V1 = MODEL_OUTPUT_NAMES_V1.length;

function mapNames(names: readonly string[]): readonly (LandmarkId | null)[] {
  return names.map((n) => landmarkIdFromName(n));
}

/**
 * Registry id of each v1 model output channel, derived BY NAME from `MODEL_OUTPUT_NAMES_V1`
 * (a `null` would mean an unmapped name; a test asserts there is none).
 */
export const MODEL_OUTPUT_IDS_V1: readonly (LandmarkId | null)[] = mapNames(MODEL_OUTPUT_NAMES_V1);

/** 0-based v1 model output index of a registry landmark, or `null` when the model does not output it. */
export function modelOutputIndexV1(id: LandmarkId): number | null {
  const i = MODEL_OUTPUT_IDS_V1.indexOf(id);
  return i < 0 ? null : i;
}

/**
 * Turn a model output (array of image-pixel points in output order) into a landmark map keyed by
 * registry id. Points stay in the coordinate space they came in (image pixels of the original upload).
 */
export function landmarksFromModelOutputV1<P>(points: readonly P[]): Partial<Record<LandmarkId, P>> {
  const out: Partial<Record<LandmarkId, P>> = {};
  points.forEach((p, i) => {
    const id = MODEL_OUTPUT_IDS_V1[i];
    if (id !== null && id !== undefined) out[id] = p;
  });
  return out;
}
