/**
 * eval:landmarks --adapt K: what clinic adaptation (packages/ceph adaptation/clinic-adaptation.ts)
 * would have gained on a dataset split. A simulated clinic corrects its first K films (the
 * manifest's reference points play the corrections), the server learns from them with the
 * production functions, and the other films are scored with the learned shifts applied. Which films
 * come first is drawn at random (seeded, so a run can be repeated) many times and the errors pooled.
 * Coordinates are image px of the manifest's files; errors in mm at each image's spacing.
 */
import {
  applyProfile,
  buildProfile,
  landmarkIdFromName,
  learnFromFilm,
  type LandmarkId,
  type LandmarkMap,
  type LearnOutcome,
  type Vec2,
} from '@ceppro/ceph';
import type { EvalDatasetManifest } from '../../apps/server/src/cli/dataset-manifest.ts';
import type { PredictedPoint } from './landmark-eval.ts';
import { imageSpacing } from './landmark-eval.ts';
import { auroc, leastConfidentWeights, summarise, type AccuracySummary } from './landmark-metrics.ts';

export const DEFAULT_DRAWS = 20;
export const DEFAULT_SEED = 1;

export interface AdaptationLandmarkRow {
  /** After adaptation: mean radial error (mm), percent within 2 mm, mean signed offset (mm, x right, y down). */
  mre_mm: number;
  sdr2: number;
  dx_mm: number;
  dy_mm: number;
  /** The same held-out films without adaptation. */
  raw_mre_mm: number;
}

/** One --adapt K: the held-out films of every draw, pooled. */
export interface AdaptationReport extends AccuracySummary {
  /** K: films the clinic corrected before the scored ones. */
  films: number;
  draws: number;
  seed: number;
  /** Films scored per draw (all scored films minus K). */
  held_out_films: number;
  /** Of the K corrected films, how many taught something (learnFromFilm 'learned'), mean over draws. */
  learned_films: number;
  /** Lowest and highest MRE of one draw: how much the choice of the first K films matters. */
  draw_mre_mm: { min: number; max: number };
  /** Without adaptation on the same held-out films. */
  raw_mre_mm: number;
  raw_sdr: Record<string, number>;
  per_landmark: Record<string, AdaptationLandmarkRow>;
  /**
   * The "for review" flag on the adapted points (errors over 4 mm): once a clinic's conventions are
   * learned, what is left over 4 mm is misplacement, which the confidence is about. Null without a threshold.
   */
  review_gross: {
    threshold: number | null;
    recall: number | null;
    flagged_share: number | null;
    recall_least_confident_10pct: number;
    auroc: number;
    n_over_4mm: number;
    n: number;
  };
  /** Manifest landmarks with no registry id (landmarkIdFromName): left out of the simulation. */
  unkeyed_landmarks: string[];
}

export interface AdaptationInput {
  manifest: EvalDatasetManifest;
  /** Detector output per image id, indexed by model landmark index; refused films take no part. */
  predictions: ReadonlyMap<string, readonly PredictedPoint[] | 'refused'>;
  /** The model's landmarks: name and index into each prediction. */
  modelLandmarks: readonly { name: string; index: number }[];
  /** Each K to simulate; every K uses the same draws (the 20 films of K = 20 start with those of K = 10). */
  films: readonly number[];
  draws?: number;
  seed?: number;
  /** The model's review threshold, for `review_gross`. */
  reviewThreshold?: number | null;
}

/** `--adapt 10 --adapt 20` or `--adapt 10,20` -> [10, 20]; throws on anything but positive integers. */
export function parseAdaptFilms(values: readonly string[]): number[] {
  const films = values.flatMap((v) => v.split(',')).map((v) => v.trim());
  for (const v of films) if (!/^[1-9]\d*$/.test(v)) throw new Error(`--adapt takes positive whole numbers of films (got "${v}").`);
  return [...new Set(films.map(Number))];
}

/** mulberry32: a small seeded PRNG, uniform in [0, 1); the same seed gives the same sequence. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `draws` orders of `ids` (Fisher-Yates), deterministic for a seed. */
export function drawOrders<T>(ids: readonly T[], draws: number, seed: number): T[][] {
  const random = prng(seed);
  return Array.from({ length: draws }, () => {
    const order = [...ids];
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    return order;
  });
}

/** Name -> registry id for every name that has one; two names on one id would mix two landmarks. */
function idsOf(names: readonly string[], what: string): Map<string, LandmarkId> {
  const out = new Map<string, LandmarkId>();
  const seen = new Map<LandmarkId, string>();
  for (const name of names) {
    const id = landmarkIdFromName(name);
    if (!id) continue;
    const other = seen.get(id);
    if (other !== undefined) throw new Error(`${what} landmarks "${other}" and "${name}" are both ${id}.`);
    seen.set(id, name);
    out.set(name, id);
  }
  return out;
}

/** One film, prepared once: its raw and reference points by registry id, what it teaches, its spacing. */
interface Film {
  id: string;
  mm: number;
  raw: LandmarkMap<Vec2>;
  confidence: LandmarkMap<number>;
  reference: LandmarkMap<Vec2>;
  /** Manifest landmarks scored on this film: annotated there and detected. */
  scored: { name: string; id: LandmarkId }[];
  learned: LearnOutcome;
}

function prepareFilms({ manifest, predictions, modelLandmarks }: AdaptationInput, manifestIds: Map<string, LandmarkId>): Film[] {
  const modelIds = idsOf(
    modelLandmarks.map((l) => l.name),
    'Model',
  );
  const byId = new Map(manifest.images.map((im) => [im.id, im]));
  const films: Film[] = [];
  for (const [imageId, pred] of predictions) {
    const im = byId.get(imageId);
    if (!im) throw new Error(`Image ${imageId} is not in the manifest.`);
    if (pred === 'refused') continue;
    const raw: LandmarkMap<Vec2> = {};
    const confidence: LandmarkMap<number> = {};
    for (const l of modelLandmarks) {
      const id = modelIds.get(l.name);
      const p = pred[l.index];
      if (id && p) {
        raw[id] = { x: p.x, y: p.y };
        confidence[id] = p.confidence;
      }
    }
    const reference: LandmarkMap<Vec2> = {};
    const scored: Film['scored'] = [];
    manifest.landmark_names.forEach((name, j) => {
      const id = manifestIds.get(name);
      const gt = im.landmarks[j];
      if (!id || !gt) return; // not annotated on this film: neither a correction nor an error
      reference[id] = { x: gt[0], y: gt[1] };
      if (raw[id]) scored.push({ name, id });
    });
    // The clinic saw the raw points (no profile yet) and saved the reference: shown = raw.
    films.push({
      id: imageId,
      mm: imageSpacing(manifest, im).mm,
      raw,
      confidence,
      reference,
      scored,
      learned: learnFromFilm(raw, raw, reference),
    });
  }
  return films;
}

interface Errors {
  adapted: number[];
  /** The confidence of each adapted point, in the order of `adapted`. */
  confidence: number[];
  raw: number[];
  perLandmark: Map<string, { adapted: number[]; raw: number[]; dx: number[]; dy: number[] }>;
  drawMre: number[];
  learned: number;
}

const mean = (v: readonly number[]) => (v.length ? v.reduce((a, b) => a + b, 0) / v.length : NaN);

/** One draw at one K: learn from the first K films (newest = the K-th), score the others. */
function scoreDraw(order: readonly Film[], k: number, acc: Errors): void {
  const corrected = order.slice(0, k);
  const corrections = corrected.flatMap((f) => (f.learned.status === 'learned' ? [f.learned.correction] : [])).reverse();
  acc.learned += corrections.length;
  const profile = buildProfile(corrections);
  const draw: number[] = [];
  for (const film of order.slice(k)) {
    const adapted = applyProfile(profile, film.raw);
    for (const { name, id } of film.scored) {
      const ref = film.reference[id]!;
      const p = adapted[id]!.point;
      const raw = film.raw[id]!;
      const err = Math.hypot(p.x - ref.x, p.y - ref.y) * film.mm;
      const rawErr = Math.hypot(raw.x - ref.x, raw.y - ref.y) * film.mm;
      draw.push(err);
      acc.adapted.push(err);
      acc.confidence.push(film.confidence[id] ?? 0);
      acc.raw.push(rawErr);
      const row = acc.perLandmark.get(name) ?? { adapted: [], raw: [], dx: [], dy: [] };
      row.adapted.push(err);
      row.raw.push(rawErr);
      row.dx.push((p.x - ref.x) * film.mm);
      row.dy.push((p.y - ref.y) * film.mm);
      acc.perLandmark.set(name, row);
    }
  }
  acc.drawMre.push(mean(draw));
}

/**
 * The simulation for each K in `films`, over `draws` seeded orders of the scored (not refused)
 * films. Each film's detection and what it teaches are computed once and reused by every draw.
 */
export function simulateAdaptation(input: AdaptationInput): AdaptationReport[] {
  const { manifest, draws = DEFAULT_DRAWS, seed = DEFAULT_SEED } = input;
  if (!(Number.isInteger(draws) && draws >= 1)) throw new Error(`--draws must be a positive whole number (got ${draws}).`);
  const manifestIds = idsOf(manifest.landmark_names, 'Manifest');
  const unkeyed = manifest.landmark_names.filter((n) => !manifestIds.has(n));
  const films = prepareFilms(input, manifestIds);
  for (const k of input.films)
    if (k >= films.length)
      throw new Error(`--adapt ${k}: only ${films.length} films were scored, so none would be left to score after ${k} corrected ones.`);
  const orders = drawOrders(films, draws, seed);
  return input.films.map((k) => {
    const acc: Errors = { adapted: [], confidence: [], raw: [], perLandmark: new Map(), drawMre: [], learned: 0 };
    for (const order of orders) scoreDraw(order, k, acc);
    const rawSummary = summarise(acc.raw);
    const names = manifest.landmark_names.filter((n) => acc.perLandmark.has(n));
    return {
      films: k,
      draws,
      seed,
      held_out_films: films.length - k,
      learned_films: acc.learned / draws,
      ...summarise(acc.adapted),
      draw_mre_mm: { min: Math.min(...acc.drawMre), max: Math.max(...acc.drawMre) },
      raw_mre_mm: rawSummary.mre_mm,
      raw_sdr: rawSummary.sdr,
      per_landmark: Object.fromEntries(
        names.map((name) => {
          const r = acc.perLandmark.get(name)!;
          const s = summarise(r.adapted);
          return [name, { mre_mm: s.mre_mm, sdr2: s.sdr['2']!, dx_mm: mean(r.dx), dy_mm: mean(r.dy), raw_mre_mm: mean(r.raw) }];
        }),
      ),
      review_gross: reviewOfAdapted(acc, input.reviewThreshold ?? null),
      unkeyed_landmarks: unkeyed,
    };
  });
}

function reviewOfAdapted(acc: Errors, threshold: number | null): AdaptationReport['review_gross'] {
  const gross = acc.adapted.map((e) => e > 4);
  const n = gross.filter(Boolean).length;
  const weights = leastConfidentWeights(acc.confidence, 0.1);
  const flagged = acc.confidence.map((c) => threshold !== null && c < threshold);
  return {
    threshold,
    recall: threshold === null || !n ? null : flagged.filter((f, i) => f && gross[i]).length / n,
    flagged_share: threshold === null ? null : flagged.filter(Boolean).length / Math.max(1, flagged.length),
    recall_least_confident_10pct: n ? weights.reduce((a, w, i) => a + (gross[i] ? w : 0), 0) / n : NaN,
    auroc: auroc(acc.confidence.map((c, i) => ({ score: 1 - c, positive: gross[i]! }))),
    n_over_4mm: n,
    n: acc.adapted.length,
  };
}
