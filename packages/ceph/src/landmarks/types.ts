/** Stable registry ids of every landmark the engine knows (ASCII, unique even case-insensitively; `st` prefix =
 * soft-tissue counterpart). */
export const LANDMARK_IDS = [
  // hard tissue
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
  'Ar',
  'Co',
  'Ba',
  'ANS',
  'PNS',
  'Ptm',
  'Pt',
  'Bo',
  'D',
  'Xi',
  'Pm',
  'R',
  'Id',
  'Pr',
  'R1',
  'R2',
  'R3',
  'R4',
  'DC',
  // dental
  'U1',
  'U1A',
  'L1',
  'L1A',
  'U6',
  'L6',
  'UPM',
  'LPM',
  // soft tissue
  'stG',
  'stN',
  'Prn',
  'Cm',
  'Sn',
  'stA',
  'Ls',
  'ULv',
  'Stms',
  'Stmi',
  'Li',
  'LLv',
  'stB',
  'stPog',
  'stGn',
  'stMe',
  'C',
] as const;

/** A registry landmark id (see `LANDMARK_IDS`). */
export type LandmarkId = (typeof LANDMARK_IDS)[number];

/** Tissue category (reference §1.1 "Type"). */
export type LandmarkCategory = 'hard' | 'dental' | 'soft';

/** 1-based index of the landmark in a public dataset's file order (reference §1.2). */
export interface DatasetIndices {
  readonly isbi2015?: number;
  readonly aariz?: number;
  readonly cl2023?: number;
}

/** One registry entry. Coordinates are never stored here: this is metadata only. */
export interface LandmarkDefinition {
  readonly id: LandmarkId;
  /** Short display name, e.g. `Pog'`. */
  readonly shortName: string;
  readonly fullName: string;
  /** Where the point lies, in our own words (reference §1.1). */
  readonly definition: string;
  readonly category: LandmarkCategory;
  /** Bilateral structure: two shadows on the film, the midpoint is annotated. */
  readonly bilateral: boolean;
  /** Constructed (computed/geometric) rather than seen directly. */
  readonly constructed: boolean;
  readonly datasets: DatasetIndices;
  /** Other spellings used by datasets and tools, matched case-insensitively by `landmarkIdFromName`. */
  readonly aliases: readonly string[];
}

/** A landmark entry plus the 0-based output index of the v1 AI model (`null` = the model does not output it). */
export interface RegistryLandmark extends LandmarkDefinition {
  readonly modelOutputIndexV1: number | null;
}

/** Landmark positions keyed by registry id; absent keys are missing landmarks. */
export type LandmarkMap<P> = Partial<Record<LandmarkId, P>>;
