import type { LandmarkId } from '../landmarks/types.ts';

/** The nine rows of the spec's VTO/STO movement table, with the registry landmark each row moves. */
export const VTO_MOVEMENT_POINTS = [
  { key: 'ANS', label: 'ANS', landmark: 'ANS' },
  { key: 'PNS', label: 'PNS', landmark: 'PNS' },
  { key: 'Mx1Crown', label: 'Mx1 Crown', landmark: 'U1' },
  { key: 'Mx6Distal', label: 'Mx6 Distal', landmark: 'U6' },
  { key: 'Mn1Crown', label: 'Mn1 Crown', landmark: 'L1' },
  { key: 'Mn6Distal', label: 'Mn6 Distal', landmark: 'L6' },
  { key: 'BPoint', label: 'B-Point', landmark: 'B' },
  { key: 'Pogonion', label: 'Pogonion', landmark: 'Pog' },
  { key: 'Menton', label: 'Menton', landmark: 'Me' },
] as const satisfies readonly { key: string; label: string; landmark: LandmarkId }[];

/** Key of one movement-table row. */
export type VtoPointKey = (typeof VTO_MOVEMENT_POINTS)[number]['key'];

/** Movement of one row in millimetres, patient frame: horizontal + = anterior, vertical + = superior. */
export interface VtoMovement {
  readonly horizontal: number;
  readonly vertical: number;
}

/** The full movement table (all nine rows). */
export type VtoMovementTable = Readonly<Record<VtoPointKey, VtoMovement>>;

/** All rows zero (no treatment). */
export const ZERO_VTO_MOVEMENT: VtoMovementTable = Object.fromEntries(
  VTO_MOVEMENT_POINTS.map((p) => [p.key, { horizontal: 0, vertical: 0 }]),
) as Record<VtoPointKey, VtoMovement>;

/**
 * Hard-tissue segments moved rigidly by a least-squares fit of their driving rows, and the landmarks
 * that ride along (reference §6.2 step 1–2). Landmarks in no segment and not in the table stay fixed
 * (cranial base, proximal mandible: Go, Ar, Co, ramus points).
 */
export const VTO_HARD_SEGMENTS: readonly {
  readonly id: string;
  readonly drivers: readonly LandmarkId[];
  readonly followers: readonly LandmarkId[];
}[] = [
  { id: 'maxilla', drivers: ['ANS', 'PNS'], followers: ['A', 'Pr', 'U1A'] },
  { id: 'distal-mandible', drivers: ['B', 'Pog', 'Me'], followers: ['Gn', 'Pm', 'Id', 'D', 'L1A'] },
];

/** Teeth between two table rows take the mean displacement of those rows. */
export const VTO_INTERPOLATED_TEETH: readonly { readonly id: LandmarkId; readonly between: readonly [LandmarkId, LandmarkId] }[] = [
  { id: 'UPM', between: ['U1', 'U6'] },
  { id: 'LPM', between: ['L1', 'L6'] },
];

/** Soft-tissue points that stay put (forehead / nasion region). */
export const VTO_FIXED_SOFT: readonly LandmarkId[] = ['stG', 'stN'];

/** Soft-tissue points with no published response ratio: not control points, the smooth warp moves them. */
export const VTO_FREE_SOFT: readonly LandmarkId[] = ['Sn', 'Cm', 'C'];

/** A soft-to-hard response ratio: the soft point moves `ratio × driver displacement`, per axis. */
export interface SoftTissueRule {
  readonly soft: LandmarkId;
  readonly driver: LandmarkId;
  readonly horizontal: number;
  readonly vertical: number;
  readonly source: string;
}

const VERTICAL = 'vertical ratio assumed equal to the horizontal one (no public vertical ratio found)';

/**
 * Default soft-tissue response ratios (reference §6.2; large individual variation, editable). Soft
 * points without a rule (Sn, Cm, C, ...) are not forced: the smooth warp moves them.
 */
export const DEFAULT_SOFT_TISSUE_RULES: readonly SoftTissueRule[] = [
  { soft: 'Ls', driver: 'U1', horizontal: 0.33, vertical: 0.33, source: `[S25] upper lip ≈ 1:3 of incisor retraction; ${VERTICAL}` },
  { soft: 'ULv', driver: 'U1', horizontal: 0.33, vertical: 0.33, source: `as Ls; ${VERTICAL}` },
  { soft: 'Stms', driver: 'U1', horizontal: 0.33, vertical: 0.33, source: `as Ls; ${VERTICAL}` },
  { soft: 'Li', driver: 'L1', horizontal: 0.75, vertical: 0.75, source: `[S25] teeth : lip 1.2:1 to 1.45:1 (0.69–0.83); ${VERTICAL}` },
  { soft: 'LLv', driver: 'L1', horizontal: 0.75, vertical: 0.75, source: `as Li; ${VERTICAL}` },
  { soft: 'Stmi', driver: 'L1', horizontal: 0.75, vertical: 0.75, source: `as Li; ${VERTICAL}` },
  { soft: 'stA', driver: 'A', horizontal: 1, vertical: 1, source: 'Holdaway [S21]: soft tissue at A keeps its thickness' },
  { soft: 'Prn', driver: 'A', horizontal: 0.17, vertical: 0.17, source: `[S26] nasal tip ≈ 0.17 of Le Fort I advancement; ${VERTICAL}` },
  { soft: 'stB', driver: 'B', horizontal: 1, vertical: 1, source: '[S26] ≈ 1:1 over the mandible' },
  { soft: 'stPog', driver: 'Pog', horizontal: 1, vertical: 1, source: '[S26] ≈ 1:1 over the mandible' },
  { soft: 'stGn', driver: 'Gn', horizontal: 1, vertical: 1, source: '[S26] ≈ 1:1 over the mandible' },
  { soft: 'stMe', driver: 'Me', horizontal: 1, vertical: 1, source: '[S26] ≈ 1:1 over the mandible' },
];
