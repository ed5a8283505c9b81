/**
 * The numbers eval:landmarks reports, computed from a dataset manifest and the detector's output
 * (no files, no model): errors in mm, px and % of each image's S-N length, each landmark's mean
 * signed offset, the model beside the two annotators where they exist, and how well the viewer's
 * "for review" flag (confidence < threshold) finds the landmarks that are more than 2 mm off, and the
 * gross ones more than 4 mm off. A landmark the manifest leaves out (null) is skipped everywhere.
 * All coordinates are in the pixels of the image file the manifest names (x right, y down).
 */
import type { EvalDatasetManifest } from '../../apps/server/src/cli/dataset-manifest.ts';
import { auroc, leastConfidentWeights, summarise, type AccuracySummary } from './landmark-metrics.ts';

export { auroc, leastConfidentWeights } from './landmark-metrics.ts';

type Image = EvalDatasetManifest['images'][number];
type Xy = readonly [number, number];

/** One detected landmark in image px, with the model's confidence in 0..1. */
export interface PredictedPoint {
  x: number;
  y: number;
  confidence: number;
}

/** A manifest landmark (index j) and the model output that carries the same name (index k). */
export interface MatchedLandmark {
  name: string;
  j: number;
  k: number;
}

/** A landmark counts as "off" for the review flag beyond this radial error. */
export const REVIEW_ERROR_MM = 2;
/** ... and as a gross error, the one the flag must not miss, beyond this one. */
export const GROSS_ERROR_MM = 4;
/** The share of a split's points, least confident first, that the flag's ranking is also scored on. */
export const LEAST_CONFIDENT_SHARE = 0.1;

export interface LandmarkRow extends AccuracySummary {
  mre_px: number;
  mre_pct_sn: number | null;
  /** Mean signed offset, prediction minus truth, in mm: a definition difference, not noise. */
  dx_mm: number;
  dy_mm: number;
}

export interface AnnotatorReport {
  /** (image, landmark) pairs scored against both annotators: the same ones the model is scored on. */
  n: number;
  inter_annotator_mre_mm: number;
  inter_annotator_mre_px: number;
  model_vs_mean_mre_mm: number;
  model_vs_mean_mre_px: number;
  model_vs_a_mre_mm: number;
  model_vs_b_mre_mm: number;
  per_landmark: Record<string, { inter_mm: number; model_mm: number }>;
}

/** How the flag finds the landmarks over one error (2 mm in `review`, 4 mm in `review.gross`). */
interface ReviewFigures {
  /** Confidence below which the viewer flags a landmark; null when neither model nor flag sets one. */
  threshold: number | null;
  /** Share of landmarks over the error that the flag catches. */
  recall: number | null;
  /** Share of all landmarks flagged. */
  flagged_share: number | null;
  /** AUROC of (1 - confidence) as a detector of an error over it; ties count half. */
  auroc: number;
  /**
   * Share of landmarks over the error among the 10% least confident points of the split (exactly
   * 10%: points tied at the cut, and a fraction of one, count in proportion); null when none is over.
   */
  recall_least_confident_10pct: number | null;
  n: number;
}

export interface ReviewReport extends ReviewFigures {
  n_over_2mm: number;
  gross: ReviewFigures & { n_over_4mm: number };
}

export interface EvalReport extends AccuracySummary {
  n_images: number;
  refused: string[];
  /**
   * mm: the manifest's spacing (its pixel_spacing_mm, else its estimate); estimate: some mm figure
   * uses the estimate. Images with their own pixel_spacing_mm use that.
   */
  spacing: { mm: number | null; estimate: boolean; images_at_estimate: number; images_with_own_spacing: number };
  mre_px: number;
  /** Mean error as a percentage of the image's ground-truth S-N length; null without Sella and Nasion. */
  mre_pct_sn: number | null;
  per_landmark: Record<string, LandmarkRow>;
  without_duplicates: AccuracySummary & { excluded_ids: string[] };
  annotators?: AnnotatorReport;
  review: ReviewReport;
}

const norm = (s: string) => s.trim().toLowerCase();
const mean = (v: readonly number[]) => (v.length ? v.reduce((a, b) => a + b, 0) / v.length : NaN);
const dist = (p: Xy, q: Xy) => Math.hypot(p[0] - q[0], p[1] - q[1]);

/** Manifest landmarks matched to the model's by name (case-insensitive). */
export function matchLandmarks(
  manifestNames: readonly string[],
  model: readonly { name: string; index: number }[],
): { matched: MatchedLandmark[]; unmatched: string[] } {
  const byName = new Map(model.map((l) => [norm(l.name), l.index]));
  const matched: MatchedLandmark[] = [];
  const unmatched: string[] = [];
  manifestNames.forEach((name, j) => {
    const k = byName.get(norm(name));
    if (k === undefined) unmatched.push(name);
    else matched.push({ name, j, k });
  });
  return { matched, unmatched };
}

/** mm per px for one image: its own spacing, else the manifest's, else the manifest's estimate. */
export function imageSpacing(manifest: EvalDatasetManifest, image: Image): { mm: number; estimate: boolean } {
  if (image.pixel_spacing_mm !== undefined) return { mm: image.pixel_spacing_mm, estimate: false };
  if (manifest.pixel_spacing_mm != null) return { mm: manifest.pixel_spacing_mm, estimate: false };
  if (manifest.pixel_spacing_estimate_mm !== undefined) return { mm: manifest.pixel_spacing_estimate_mm, estimate: true };
  throw new Error(
    `Image ${image.id} has no pixel spacing: give it pixel_spacing_mm, or give the manifest pixel_spacing_mm or pixel_spacing_estimate_mm.`,
  );
}

interface Sample {
  id: string;
  name: string;
  errPx: number;
  errMm: number;
  dxMm: number;
  dyMm: number;
  pctSn: number | null;
  confidence: number;
  /** Distances in mm when both annotators exist: a vs b, model vs their mean, vs a, vs b; and px. */
  ann?: { interMm: number; interPx: number; meanMm: number; meanPx: number; aMm: number; bMm: number };
}

function annotatorDistances(im: Image, j: number, p: Xy, mm: number): Sample['ann'] {
  const a = im.annotator_a?.[j];
  const b = im.annotator_b?.[j];
  if (!a || !b) return undefined;
  const mid: Xy = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  const interPx = dist(a, b);
  const meanPx = dist(p, mid);
  return { interPx, interMm: interPx * mm, meanPx, meanMm: meanPx * mm, aMm: dist(p, a) * mm, bMm: dist(p, b) * mm };
}

function landmarkRow(s: readonly Sample[]): LandmarkRow {
  const pct = s.filter((x) => x.pctSn !== null).map((x) => x.pctSn!);
  return {
    ...summarise(s.map((x) => x.errMm)),
    mre_px: mean(s.map((x) => x.errPx)),
    mre_pct_sn: pct.length ? mean(pct) : null,
    dx_mm: mean(s.map((x) => x.dxMm)),
    dy_mm: mean(s.map((x) => x.dyMm)),
  };
}

function annotatorReport(samples: readonly Sample[], names: readonly string[]): AnnotatorReport | undefined {
  const s = samples.filter((x) => x.ann);
  if (!s.length) return undefined;
  const of = (f: (a: NonNullable<Sample['ann']>) => number, from = s) => mean(from.map((x) => f(x.ann!)));
  const per: AnnotatorReport['per_landmark'] = {};
  for (const name of names) {
    const ln = s.filter((x) => x.name === name);
    if (ln.length) per[name] = { inter_mm: of((a) => a.interMm, ln), model_mm: of((a) => a.meanMm, ln) };
  }
  return {
    n: s.length,
    inter_annotator_mre_mm: of((a) => a.interMm),
    inter_annotator_mre_px: of((a) => a.interPx),
    model_vs_mean_mre_mm: of((a) => a.meanMm),
    model_vs_mean_mre_px: of((a) => a.meanPx),
    model_vs_a_mre_mm: of((a) => a.aMm),
    model_vs_b_mre_mm: of((a) => a.bMm),
    per_landmark: per,
  };
}

function reviewFigures(samples: readonly Sample[], threshold: number | null, overMm: number, low: readonly number[]): ReviewFigures {
  const isOff = (x: Sample) => x.errMm > overMm;
  const nOff = samples.filter(isOff).length;
  const flagged = (x: Sample) => threshold !== null && x.confidence < threshold;
  const lowOff = samples.reduce((a, x, i) => a + (isOff(x) ? low[i]! : 0), 0);
  return {
    threshold,
    recall: threshold === null || !nOff ? null : samples.filter((x) => isOff(x) && flagged(x)).length / nOff,
    flagged_share: threshold === null || !samples.length ? null : samples.filter(flagged).length / samples.length,
    auroc: auroc(samples.map((x) => ({ score: 1 - x.confidence, positive: isOff(x) }))),
    recall_least_confident_10pct: nOff ? lowOff / nOff : null,
    n: samples.length,
  };
}

function reviewReport(samples: readonly Sample[], threshold: number | null): ReviewReport {
  const low = leastConfidentWeights(
    samples.map((x) => x.confidence),
    LEAST_CONFIDENT_SHARE,
  );
  const count = (mm: number) => samples.filter((x) => x.errMm > mm).length;
  return {
    ...reviewFigures(samples, threshold, REVIEW_ERROR_MM, low),
    n_over_2mm: count(REVIEW_ERROR_MM),
    gross: { ...reviewFigures(samples, threshold, GROSS_ERROR_MM, low), n_over_4mm: count(GROSS_ERROR_MM) },
  };
}

export interface EvalInput {
  manifest: EvalDatasetManifest;
  /** Detector output per image id, in the order evaluated, indexed by model landmark index. */
  predictions: ReadonlyMap<string, readonly PredictedPoint[] | 'refused'>;
  matched: readonly MatchedLandmark[];
  /** Ids with a near-duplicate in another split, reported apart. */
  leaks?: ReadonlySet<string>;
  reviewThreshold: number | null;
}

/** Everything eval:landmarks prints and writes, from the detector's output on one split. */
export function evaluateDetections({ manifest, predictions, matched, leaks = new Set(), reviewThreshold }: EvalInput): EvalReport {
  const byId = new Map(manifest.images.map((im) => [im.id, im]));
  const sella = manifest.landmark_names.findIndex((n) => norm(n) === 'sella');
  const nasion = manifest.landmark_names.findIndex((n) => norm(n) === 'nasion');
  const samples: Sample[] = [];
  const refused: string[] = [];
  let atEstimate = 0;
  let ownSpacing = 0;
  for (const [id, pred] of predictions) {
    const im = byId.get(id);
    if (!im) throw new Error(`Image ${id} is not in the manifest.`);
    if (pred === 'refused') {
      refused.push(id);
      continue;
    }
    const spacing = imageSpacing(manifest, im);
    if (spacing.estimate) atEstimate++;
    if (im.pixel_spacing_mm !== undefined) ownSpacing++;
    const s = im.landmarks[sella];
    const n = im.landmarks[nasion];
    const snPx = s && n ? dist(s, n) : null;
    for (const m of matched) {
      const gt = im.landmarks[m.j];
      const p = pred[m.k];
      if (!gt || !p) continue;
      const errPx = dist([p.x, p.y], gt);
      samples.push({
        id,
        name: m.name,
        errPx,
        errMm: errPx * spacing.mm,
        dxMm: (p.x - gt[0]) * spacing.mm,
        dyMm: (p.y - gt[1]) * spacing.mm,
        pctSn: snPx ? (100 * errPx) / snPx : null,
        confidence: p.confidence,
        ann: annotatorDistances(im, m.j, [p.x, p.y], spacing.mm),
      });
    }
  }
  const whole = landmarkRow(samples);
  const names = matched.map((m) => m.name);
  const annotators = annotatorReport(samples, names);
  return {
    n_images: predictions.size,
    refused,
    spacing: {
      mm: manifest.pixel_spacing_mm ?? manifest.pixel_spacing_estimate_mm ?? null,
      estimate: atEstimate > 0,
      images_at_estimate: atEstimate,
      images_with_own_spacing: ownSpacing,
    },
    ...summarise(samples.map((x) => x.errMm)),
    mre_px: whole.mre_px,
    mre_pct_sn: whole.mre_pct_sn,
    per_landmark: Object.fromEntries(names.map((name) => [name, landmarkRow(samples.filter((x) => x.name === name))])),
    without_duplicates: { excluded_ids: [...leaks].sort(), ...summarise(samples.filter((x) => !leaks.has(x.id)).map((x) => x.errMm)) },
    ...(annotators && { annotators }),
    review: reviewReport(samples, reviewThreshold),
  };
}
