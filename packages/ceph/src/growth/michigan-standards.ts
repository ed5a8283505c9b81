/**
 * Cross-sectional linear standards of the University School Growth Study (University of Michigan):
 * mean and SD in mm at each whole year of age 6..16, boys and girls apart. Source [G1] in
 * `growth/SOURCES.md`: Riolo ML, Moyers RE, McNamara JA, Hunter WS. An atlas of craniofacial growth:
 * cephalometric standards from the University School Growth Study, the University of Michigan. 1974,
 * as transcribed in kmiddleton/Riolo_CF_Growth_Data `inst/extdata/Riolo_data_linear.csv` (the atlas's
 * variable numbers 116, 130, 149, 152, 158, 160, 173). Every number below was read there; none is derived.
 * The SD is the spread between children of that age, not the SD of one child's yearly change (not
 * published in this table).
 */

/** The distances the forecast uses (endpoints as in the atlas, measured in mm on the film). */
export type GrowthDimension = 'S-N' | 'S-Ba' | 'S-Go' | 'N-ANS' | 'N-Me' | 'ANS-PNS';

/** First and last age of the tables, whole years. */
export const STANDARDS_FIRST_AGE = 6;
export const STANDARDS_LAST_AGE = 16;

/** One sex's column: `mean[i]` and `sd[i]` at age 6 + i (mm). */
export interface StandardsColumn {
  readonly mean: readonly number[];
  readonly sd: readonly number[];
}

export interface DimensionStandards {
  /** The atlas's variable number and name, as cited in SOURCES.md. */
  readonly atlasVariable: number;
  readonly male: StandardsColumn;
  readonly female: StandardsColumn;
}

export const MICHIGAN_STANDARDS: Readonly<Record<GrowthDimension, DimensionStandards>> = {
  // Variable 149, Sella-Nasion.
  'S-N': {
    atlasVariable: 149,
    male: {
      mean: [72.7, 73.9, 75.2, 75.9, 76.8, 78.2, 78.3, 79.5, 80.5, 81.3, 83.3],
      sd: [2.8, 3.1, 3.0, 3.3, 3.2, 2.9, 3.3, 3.8, 4.1, 4.0, 3.8],
    },
    female: {
      mean: [70.3, 70.6, 72.3, 72.6, 73.9, 74.3, 74.9, 75.5, 76.0, 76.9, 76.9],
      sd: [2.7, 2.6, 2.9, 2.7, 2.8, 3.0, 3.0, 3.1, 2.9, 2.8, 3.9],
    },
  },
  // Variable 152, Sella-Basion.
  'S-Ba': {
    atlasVariable: 152,
    male: {
      mean: [40.7, 42.1, 43.0, 43.6, 44.9, 46.1, 46.6, 48.0, 48.6, 48.8, 49.4],
      sd: [3.0, 2.8, 2.7, 2.7, 3.3, 3.5, 3.5, 4.0, 4.1, 4.0, 3.8],
    },
    female: {
      mean: [39.6, 41.0, 41.5, 42.4, 43.8, 44.1, 44.3, 46.0, 46.5, 46.0, 45.3],
      sd: [2.4, 3.1, 3.7, 3.4, 3.6, 3.4, 3.7, 3.7, 3.6, 4.2, 3.1],
    },
  },
  // Variable 173, Sella-Gonion.
  'S-Go': {
    atlasVariable: 173,
    male: {
      mean: [65.9, 67.4, 70.0, 71.9, 73.6, 75.4, 77.6, 80.3, 82.9, 85.4, 88.2],
      sd: [4.7, 4.6, 4.3, 4.4, 4.6, 4.9, 5.3, 6.1, 5.6, 5.6, 5.9],
    },
    female: {
      mean: [62.8, 64.6, 66.4, 68.5, 70.2, 71.1, 73.7, 74.8, 76.6, 78.2, 79.1],
      sd: [4.3, 4.4, 4.0, 4.4, 4.1, 4.4, 5.1, 4.4, 5.5, 5.1, 4.3],
    },
  },
  // Variable 130, Anterior Nasal Spine-Nasion.
  'N-ANS': {
    atlasVariable: 130,
    male: {
      mean: [45.9, 47.9, 49.5, 51.0, 52.3, 53.8, 54.6, 56.8, 58.2, 59.0, 57.7],
      sd: [2.8, 3.2, 2.8, 3.0, 3.1, 3.4, 3.6, 3.7, 4.1, 4.0, 3.9],
    },
    female: {
      mean: [45.9, 47.1, 48.6, 50.4, 52.1, 52.7, 54.0, 54.7, 55.3, 55.3, 55.7],
      sd: [3.1, 2.9, 3.0, 3.1, 3.7, 3.3, 3.7, 3.3, 2.7, 3.2, 2.1],
    },
  },
  // Variable 160, Menton-Nasion.
  'N-Me': {
    atlasVariable: 160,
    male: {
      mean: [106.7, 110.7, 113.6, 115.9, 118.7, 121.5, 123.3, 126.6, 130.3, 133.8, 136.8],
      sd: [5.2, 5.8, 5.6, 5.4, 5.7, 6.0, 6.3, 7.0, 7.9, 7.8, 7.9],
    },
    female: {
      mean: [105.0, 107.8, 109.5, 112.1, 115.1, 116.2, 118.2, 120.7, 122.3, 122.7, 123.2],
      sd: [5.1, 5.3, 5.4, 5.7, 6.7, 6.4, 6.0, 5.8, 5.9, 6.4, 5.1],
    },
  },
  // Variable 116, Posterior Nasal Spine-Anterior Nasal Spine.
  'ANS-PNS': {
    atlasVariable: 116,
    male: {
      mean: [50.2, 51.4, 52.1, 53.3, 54.4, 56.0, 56.7, 57.8, 58.7, 59.6, 61.6],
      sd: [2.2, 2.5, 2.9, 2.9, 2.6, 2.4, 3.1, 3.1, 3.6, 3.6, 3.7],
    },
    female: {
      mean: [48.9, 50.5, 51.2, 51.2, 53.1, 53.9, 54.1, 55.3, 56.7, 57.1, 57.0],
      sd: [2.3, 2.9, 2.5, 3.2, 3.1, 4.0, 3.2, 3.0, 2.9, 2.7, 4.4],
    },
  },
};

/** Mean and SD (mm) of a dimension at a whole age within the tables; null outside 6..16. */
export function standardAt(dimension: GrowthDimension, sex: 'male' | 'female', ageYears: number): { mean: number; sd: number } | null {
  if (!Number.isInteger(ageYears) || ageYears < STANDARDS_FIRST_AGE || ageYears > STANDARDS_LAST_AGE) return null;
  const column = MICHIGAN_STANDARDS[dimension][sex];
  const i = ageYears - STANDARDS_FIRST_AGE;
  return { mean: column.mean[i] as number, sd: column.sd[i] as number };
}
