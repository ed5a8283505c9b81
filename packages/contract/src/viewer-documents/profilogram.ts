import {
  buildProfilogram,
  DEFAULT_PROFILOGRAM_OPTIONS,
  getMeasurement,
  toRadians,
  rotate,
  type Calibration,
  type ImagePoint,
  type LandmarkId,
  type LandmarkMap,
  type ProfilogramOptions,
  type Vec2,
} from '@ceppro/ceph';
import { z } from 'zod';
import { documentRevisionsField } from '../graphql/document-revisions';
import { graphOperation } from '../graphql/operation';

/**
 * The analysis record's `profilogram_result` (spec: Viewer > profilogram) and the normative template
 * it is compared with. Pure and shared: the viewer computes and stores it, the server's PDF report
 * recomputes it from the landmarks with the stored options (docs/house-rules.md §3), so both print the same.
 *
 * Frame (packages/ceph `buildProfilogram`): origin at the registration point, +x along the standard
 * line towards the face (anterior), +y superior; mm when the film is calibrated, else px.
 */

/**
 * The template: the Björk polygon N–S–Ar–Go–Me built from the Björk / Jarabak norms of the Ceppro
 * cephalometric reference §3.6 (the values packages/ceph's Björk–Jarabak analysis carries:
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

/** Template parameters: catalogue id of the norm in packages/ceph. */
const TEMPLATE_NORMS = {
  sn: 'ANT_CRANIAL_BASE',
  sar: 'POST_CRANIAL_BASE',
  saddle: 'SADDLE_ANGLE',
  articular: 'ARTICULAR_ANGLE',
  argo: 'RAMUS_HEIGHT',
  gonial: 'GONIAL_ANGLE',
  gome: 'MANDIBULAR_BODY',
} as const;
type TemplateParam = keyof typeof TEMPLATE_NORMS;
type TemplateParams = Record<TemplateParam, number>;

function normOf(param: TemplateParam): { mean: number; sd: number } {
  const norm = getMeasurement(TEMPLATE_NORMS[param])?.norm;
  if (!norm || norm.sd === null) throw new Error(`Profilogram template: no norm for ${TEMPLATE_NORMS[param]}`);
  return { mean: norm.mean, sd: norm.sd };
}

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
export function bjorkPolygon(p: TemplateParams): Record<TemplateLandmark, Vec2> {
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

const meanParams = (): TemplateParams =>
  Object.fromEntries((Object.keys(TEMPLATE_NORMS) as TemplateParam[]).map((k) => [k, normOf(k).mean])) as TemplateParams;

// ---------------------------------------------------------------------------------------------
// Stored document

export const PROFILOGRAM_STANDARD_LINES = ['SN', 'FH', 'SN-7'] as const;
export const PROFILOGRAM_POINTS = ['S', 'N'] as const;

export const profilogramOptionsSchema = z.object({
  standardLine: z.enum(PROFILOGRAM_STANDARD_LINES),
  point: z.enum(PROFILOGRAM_POINTS),
  /** Percent of true size: 50–200. */
  scale: z.number().min(50).max(200),
  /** Degrees counter-clockwise, −180 to 180. */
  rotate: z.number().min(-180).max(180),
});

const framePointSchema = z.object({ id: z.string().max(16), x: z.number().finite(), y: z.number().finite() });

export const profilogramDeviationSchema = z.object({
  id: z.string().max(16),
  /** Patient − template along the standard line (+ anterior) and across it (+ superior), true size. */
  dx: z.number().finite(),
  dy: z.number().finite(),
  /** ±1 SD of the template point (the norms' SDs propagated), same unit. */
  rangeX: z.number().nonnegative().finite(),
  rangeY: z.number().nonnegative().finite(),
  outside: z.boolean(),
});
export type ProfilogramDeviation = z.infer<typeof profilogramDeviationSchema>;

export const profilogramResultSchema = z.object({
  version: z.literal(1),
  options: profilogramOptionsSchema,
  unit: z.enum(['mm', 'px']),
  /** The patient's polylines in the drawn frame (scale and rotation applied). */
  polylines: z.array(z.object({ id: z.string().max(32), points: z.array(framePointSchema).max(32) })).max(16),
  /** The template polygon N–S–Ar–Go–Me in the same drawn frame. */
  template: z.array(framePointSchema).max(16),
  deviations: z.array(profilogramDeviationSchema).max(16),
  templateSource: z.string().max(400),
});
export type ProfilogramResult = z.infer<typeof profilogramResultSchema>;

/** A stored `profilogram_result` as read back; null when there is none or its shape is unknown. */
export function readProfilogramResult(raw: unknown): ProfilogramResult | null {
  const parsed = profilogramResultSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** The options of a stored result, or the spec's defaults (SN plane, Sella, scale 100, rotate 0). */
export function profilogramOptionsOf(result: ProfilogramResult | null): ProfilogramOptions {
  return result?.options ?? DEFAULT_PROFILOGRAM_OPTIONS;
}

// ---------------------------------------------------------------------------------------------
// Computation

/** Template in the standard-line frame at true size, registered at `point`. */
function templateInFrame(params: TemplateParams, options: ProfilogramOptions, sizeFactor: number): Record<TemplateLandmark, Vec2> {
  const poly = bjorkPolygon(params);
  const origin = poly[options.point];
  const turn = options.standardLine === 'SN' ? 0 : toRadians(7);
  const out = {} as Record<TemplateLandmark, Vec2>;
  for (const id of PROFILOGRAM_TEMPLATE_IDS) {
    const p = rotate({ x: poly[id].x - origin.x, y: poly[id].y - origin.y }, turn);
    out[id] = { x: p.x * sizeFactor, y: p.y * sizeFactor };
  }
  return out;
}

/**
 * The profilogram of a film: the patient's polylines (packages/ceph `buildProfilogram`, IMAGE-PIXEL
 * landmarks in), the template in the same frame, and per template point the deviation patient −
 * template at true size in the standard-line frame (scale and rotation only change the drawing). On an
 * uncalibrated film (px) the template is scaled to the patient's S–N length (shape comparison,
 * reference §6.1 step 3). A deviation is `outside` when |dx| or |dy| exceeds the template point's
 * ±1 SD, the norms' SDs propagated to the point (root sum of squares of one-SD changes).
 */
export function computeProfilogramResult(
  landmarks: LandmarkMap<ImagePoint>,
  calibration: Calibration,
  options: ProfilogramOptions,
): { ok: true; result: ProfilogramResult } | { ok: false; missing: LandmarkId[] } {
  const built = buildProfilogram(landmarks, calibration, options);
  if (!built.ok) return { ok: false, missing: built.missing };
  const trueSize = buildProfilogram(landmarks, calibration, { ...options, scale: 100, rotate: 0 });
  if (!trueSize.ok) return { ok: false, missing: trueSize.missing };
  const { profilogram } = built;
  const params = meanParams();
  const sizeFactor = profilogram.unit === 'mm' ? 1 : profilogram.snLength / params.sn;
  const mean = templateInFrame(params, options, sizeFactor);
  const spread: Record<TemplateLandmark, { x: number; y: number }> = Object.fromEntries(
    PROFILOGRAM_TEMPLATE_IDS.map((id) => [id, { x: 0, y: 0 }]),
  ) as Record<TemplateLandmark, Vec2>;
  for (const param of Object.keys(TEMPLATE_NORMS) as TemplateParam[]) {
    const moved = templateInFrame({ ...params, [param]: params[param] + normOf(param).sd }, options, sizeFactor);
    for (const id of PROFILOGRAM_TEMPLATE_IDS) {
      spread[id].x += (moved[id].x - mean[id].x) ** 2;
      spread[id].y += (moved[id].y - mean[id].y) ** 2;
    }
  }
  const patient = new Map(trueSize.profilogram.polylines.flatMap((l) => l.points.map((p) => [p.id, p] as const)));
  const deviations: ProfilogramDeviation[] = [];
  for (const id of PROFILOGRAM_TEMPLATE_IDS) {
    const p = patient.get(id);
    if (p === undefined) continue;
    const dx = p.x - mean[id].x;
    const dy = p.y - mean[id].y;
    const rangeX = Math.sqrt(spread[id].x);
    const rangeY = Math.sqrt(spread[id].y);
    // A point the frame pins (the registration point, N on the SN line) has no spread and no deviation.
    const beyond = (d: number, r: number) => Math.abs(d) > r + 1e-9;
    deviations.push({ id, dx, dy, rangeX, rangeY, outside: beyond(dx, rangeX) || beyond(dy, rangeY) });
  }
  const k = options.scale / 100;
  const r = toRadians(options.rotate);
  const template = PROFILOGRAM_TEMPLATE_IDS.map((id) => ({ id, ...rotate({ x: mean[id].x * k, y: mean[id].y * k }, r) }));
  return {
    ok: true,
    result: {
      version: 1,
      options: { ...options },
      unit: profilogram.unit,
      polylines: profilogram.polylines
        .filter((l) => l.points.length > 0)
        .map((l) => ({ id: l.id, points: l.points.map((p) => ({ id: p.id, x: p.x, y: p.y })) })),
      template,
      deviations,
      templateSource: PROFILOGRAM_TEMPLATE_SOURCE,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// GraphQL

const profilogramRecordSchema = z.object({
  id: z.number().int(),
  profilogram_result: z.unknown().nullable(),
  document_revisions: documentRevisionsField,
});

/** The record's stored profilogram (checked by the caller with `readProfilogramResult`). */
export const profilogramRecordQuery = graphOperation<
  { id: number },
  { analysis_records: { items: z.infer<typeof profilogramRecordSchema>[] } }
>(
  /* GraphQL */ `
    query ProfilogramRecord($id: Int!) {
      analysis_records(filter: { id: $id }) {
        items {
          id
          profilogram_result
          document_revisions
        }
      }
    }
  `,
  z.object({ analysis_records: z.object({ items: z.array(profilogramRecordSchema) }) }),
);

/** Writes only `profilogram_result` (the server updates just the fields given; the document is this feature's alone). */
/** `base`: the document's revision as last read or saved (`document_revisions`); another user's save since is CONFLICT. */
export const updateProfilogramMutation = graphOperation<
  { id: number; result: ProfilogramResult; base?: Record<string, string | null> | null },
  { update_analysis_record: z.infer<typeof profilogramRecordSchema> }
>(
  /* GraphQL */ `
    mutation UpdateProfilogram($id: Int!, $result: JSON, $base: JSON) {
      update_analysis_record(id: $id, input: { profilogram_result: $result }, base_documents: $base) {
        id
        profilogram_result
        document_revisions
      }
    }
  `,
  z.object({ update_analysis_record: profilogramRecordSchema }),
);

/** The user's "auto measurement on profilogram" setting (Settings); null until the user saved a setting. */
export const profilogramAutoQuery = graphOperation<Record<string, never>, { user_config: { auto_measurement_NY: boolean } | null }>(
  /* GraphQL */ `
    query ProfilogramAuto {
      user_config {
        auto_measurement_NY
      }
    }
  `,
  z.object({ user_config: z.object({ auto_measurement_NY: z.boolean() }).nullable() }),
);
