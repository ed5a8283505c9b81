import { getMeasurement } from '../analyses/catalogue.ts';
import { toRadians } from '../geometry/angles.ts';
import type { Vec2 } from '../geometry/units.ts';
import type { LandmarkId } from '../landmarks/types.ts';

/**
 * The profilogram's normative template: the Björk polygon N–S–Ar–Go–Me built from the Björk / Jarabak
 * norms of the Ceppro cephalometric reference §3.6 (the values the Björk–Jarabak analysis carries:
 * S–N 71 ± 3 mm, S–Ar 32 ± 3 mm, saddle angle 123 ± 5°, articular angle 143 ± 6°, Ar–Go 44 ± 5 mm,
 * gonial angle 130 ± 7°, Go–Me 71 ± 5 mm; Björk 1947 / Jarabak & Fizzell 1972, adult means). The
 * polygon closes consistently: SN–GoMe = 396 − 360 = 36°, Jarabak ratio S–Go/N–Me ≈ 62 %.
 * The reference found no published coordinate table for a named profilogram (§6.1), so the template
 * is constructed from these published lengths and angles; FH and SN−7 frames turn it by the nominal
 * 7° between SN and FH (reference §2, SN−7).
 */
export const PROFILOGRAM_TEMPLATE_SOURCE =
  'Björk polygon from Björk / Jarabak norms (S–N 71±3, S–Ar 32±3 mm, saddle 123±5°, articular ' +
  '143±6°, Ar–Go 44±5 mm, gonial 130±7°, Go–Me 71±5 mm; Jarabak & Fizzell 1972)';

/** Template parameters: catalogue id of the norm in the analyses catalogue. */
const TEMPLATE_NORMS = {
  sn: 'ANT_CRANIAL_BASE',
  sar: 'POST_CRANIAL_BASE',
  saddle: 'SADDLE_ANGLE',
  articular: 'ARTICULAR_ANGLE',
  argo: 'RAMUS_HEIGHT',
  gonial: 'GONIAL_ANGLE',
  gome: 'MANDIBULAR_BODY',
} as const;
export type BjorkTemplateParam = keyof typeof TEMPLATE_NORMS;
/** Sides in mm (`sn`, `sar`, `argo`, `gome`) and interior angles in degrees (`saddle`, `articular`, `gonial`). */
export type BjorkTemplateParams = Record<BjorkTemplateParam, number>;

export const BJORK_TEMPLATE_PARAMS = Object.keys(TEMPLATE_NORMS) as BjorkTemplateParam[];

/** The catalogue norm (mean, SD; mm or degrees) of one template parameter. */
export function bjorkTemplateNorm(param: BjorkTemplateParam): { mean: number; sd: number } {
  const norm = getMeasurement(TEMPLATE_NORMS[param])?.norm;
  if (!norm || norm.sd === null) throw new Error(`Profilogram template: no norm for ${TEMPLATE_NORMS[param]}`);
  return { mean: norm.mean, sd: norm.sd };
}

/** Every template parameter at its norm's mean. */
export const bjorkTemplateMeans = (): BjorkTemplateParams =>
  Object.fromEntries(BJORK_TEMPLATE_PARAMS.map((k) => [k, bjorkTemplateNorm(k).mean])) as BjorkTemplateParams;

export const PROFILOGRAM_TEMPLATE_IDS = ['N', 'S', 'Ar', 'Go', 'Me'] as const satisfies readonly LandmarkId[];
export type TemplateLandmark = (typeof PROFILOGRAM_TEMPLATE_IDS)[number];

const polar = (from: Vec2, degrees: number, length: number): Vec2 => ({
  x: from.x + length * Math.cos(toRadians(degrees)),
  y: from.y + length * Math.sin(toRadians(degrees)),
});

/**
 * The Björk polygon in the SN frame (mm, origin S, +x along S→N, +y superior): walking N→S→Ar→Go→Me,
 * each interior angle turns the next side clockwise (the polygon lies below SN, behind then under it).
 */
export function bjorkPolygon(p: BjorkTemplateParams): Record<TemplateLandmark, Vec2> {
  const S = { x: 0, y: 0 };
  const N = { x: p.sn, y: 0 };
  const sAr = -p.saddle; // S→N is 0°
  const Ar = polar(S, sAr, p.sar);
  const arGo = sAr + 180 - p.articular; // direction Ar→S turned clockwise by the articular angle
  const Go = polar(Ar, arGo, p.argo);
  const goMe = arGo + 180 - p.gonial;
  const Me = polar(Go, goMe, p.gome);
  return { N, S, Ar, Go, Me };
}
