import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { decodeHeatmap } from './decode.ts';
import { cellToPx, fitFrame, fromFrame, mirrorX, toFrame, type Frame } from './frames.ts';
import { decodeGrey, resizeGrey } from './image-input.ts';
import { readModelManifest, type ModelManifest } from './model-manifest.ts';
import { mirror, samplePatch, type GreyImage } from './patches.ts';
import { shapeResidual, type Pt } from './shape-check.ts';

export interface DetectedLandmark {
  index: number;
  name: string;
  shortName: string;
  /** Position in px of the uploaded image (after EXIF orientation), origin top-left, y down. */
  x: number;
  y: number;
  /** Probability mass around the refined peak, 0..1. */
  confidence: number;
}

export interface DetectionQuality {
  /** Mean coarse confidence of the chosen orientation. */
  meanConfidence: number;
  /** Procrustes residual of the coarse landmarks against the mean shape (0..1). */
  shapeResidual: number | null;
}

export type Detection =
  | {
      status: 'ok';
      landmarks: DetectedLandmark[];
      imageSize: { width: number; height: number };
      facing: 'right' | 'left';
      model: { id: string; version: string };
      quality: DetectionQuality;
      timingsMs: Record<string, number>;
    }
  | {
      status: 'refused';
      reason: 'XRAY_NOT_RECOGNIZED';
      message: string;
      imageSize: { width: number; height: number };
      model: { id: string; version: string };
      quality: DetectionQuality;
      timingsMs: Record<string, number>;
    };

/** Defaults used when a manifest carries no calibrated acceptance thresholds. */
const DEFAULT_ACCEPTANCE = { min_mean_confidence: 0.2, max_shape_residual: 0.2 };

interface Prepared {
  image: GreyImage;
  gf: Frame;
  ff: Frame;
  cf: Frame;
  fine: GreyImage;
  ctx: GreyImage;
  canvas: Float32Array; // [2, 1, H, W]: as given, mirrored
}

/**
 * The production landmark detector: one instance per process (ONNX sessions are loaded once).
 * CPU heavy: call it from a worker thread (inference-pool.ts), never on the request path.
 */
export class LandmarkDetector {
  private constructor(
    readonly manifest: ModelManifest,
    private readonly globalSession: ort.InferenceSession,
    private readonly fineSession: ort.InferenceSession,
  ) {}

  static async load(manifestPath: string, opts: { threads?: number; verifyHashes?: boolean } = {}): Promise<LandmarkDetector> {
    const manifest = await readModelManifest(manifestPath);
    const dir = dirname(manifestPath);
    const options: ort.InferenceSession.SessionOptions = { intraOpNumThreads: opts.threads ?? 2, interOpNumThreads: 1, graphOptimizationLevel: 'all', executionMode: 'sequential' };
    const [g, f] = await Promise.all([readFile(join(dir, manifest.global.file)), readFile(join(dir, manifest.fine.file))]);
    if (opts.verifyHashes !== false) {
      for (const [bytes, spec] of [[g, manifest.global], [f, manifest.fine]] as const) {
        const digest = createHash('sha256').update(bytes).digest('hex');
        if (digest !== spec.sha256) throw new Error(`Model file ${spec.file} does not match its sha256 in ${manifestPath}`);
      }
    }
    const [gs, fs] = await Promise.all([ort.InferenceSession.create(g, options), ort.InferenceSession.create(f, options)]);
    return new LandmarkDetector(manifest, gs, fs);
  }

  get modelRef() {
    return { id: this.manifest.id, version: this.manifest.version };
  }

  /**
   * Detect landmarks in JPEG/PNG bytes. Throws ImageInputError for unusable files. Films that do
   * not look like a lateral cephalogram are refused unless `acceptAll` (model calibration only).
   */
  async detect(bytes: Uint8Array, opts: { acceptAll?: boolean } = {}): Promise<Detection> {
    const t: Record<string, number> = {};
    let t0 = performance.now();
    const image = await decodeGrey(bytes);
    t.decode = performance.now() - t0;
    t0 = performance.now();
    const prep = await this.prepare(image);
    t.preprocess = performance.now() - t0;
    t0 = performance.now();
    const coarse = await this.runGlobal(prep);
    t.global = performance.now() - t0;
    const imageSize = { width: image.width, height: image.height };
    const mirrored = coarse.meanConfidence[1]! > coarse.meanConfidence[0]!;
    const pick = mirrored ? 1 : 0;
    const points = coarse.points[pick]!;
    const quality: DetectionQuality = { meanConfidence: coarse.meanConfidence[pick]!, shapeResidual: this.shapeResidualOf(points) };
    const acc = this.manifest.acceptance ?? DEFAULT_ACCEPTANCE;
    if (!opts.acceptAll && (quality.meanConfidence < acc.min_mean_confidence || (quality.shapeResidual !== null && quality.shapeResidual > acc.max_shape_residual))) {
      t.total = t.decode + t.preprocess + t.global;
      return { status: 'refused', reason: 'XRAY_NOT_RECOGNIZED', message: 'Please check the X-ray image: it was not recognised as a lateral cephalogram.', imageSize, model: this.modelRef, quality, timingsMs: t };
    }
    t0 = performance.now();
    const fine = mirrored ? mirror(prep.fine) : prep.fine;
    const ctx = mirrored ? mirror(prep.ctx) : prep.ctx;
    let current = points.map((p) => ({ x: p.x, y: p.y, confidence: p.confidence }));
    for (let pass = 0; pass < (this.manifest.refine_passes ?? 1); pass++) current = await this.refine(prep, fine, ctx, current);
    t.fine = performance.now() - t0;
    t.total = t.decode + t.preprocess + t.global + t.fine;
    const landmarks = current.map((p, i) => {
      const lm = this.manifest.landmarks[i]!;
      return { index: lm.index, name: lm.name, shortName: lm.short_name, x: mirrored ? mirrorX(p.x, image.width) : p.x, y: p.y, confidence: p.confidence };
    });
    return { status: 'ok', landmarks, imageSize, facing: mirrored ? 'left' : 'right', model: this.modelRef, quality, timingsMs: t };
  }

  private async prepare(image: GreyImage): Promise<Prepared> {
    const m = this.manifest;
    const gf = fitFrame(image.width, image.height, m.global.width, m.global.height, m.global.letterbox);
    const ff = fitFrame(image.width, image.height, m.fine.frame[0], m.fine.frame[1], false);
    const cf = fitFrame(image.width, image.height, m.fine.context_frame[0], m.fine.context_frame[1], false);
    const [small, fine, ctx] = await Promise.all([resizeGrey(image, gf.rw, gf.rh), resizeGrey(image, ff.rw, ff.rh), resizeGrey(image, cf.rw, cf.rh)]);
    const W = m.global.width;
    const H = m.global.height;
    const canvas = new Float32Array(2 * W * H);
    for (let y = 0; y < small.height; y++) {
      for (let x = 0; x < small.width; x++) {
        const v = small.data[y * small.width + x]!;
        canvas[(y + gf.oy) * W + x + gf.ox] = v;
        canvas[W * H + (y + gf.oy) * W + (small.width - 1 - x) + gf.ox] = v;
      }
    }
    return { image, gf, ff, cf, fine, ctx, canvas };
  }

  private async runGlobal(prep: Prepared) {
    const m = this.manifest;
    const input = new ort.Tensor('float32', prep.canvas, [2, 1, m.global.height, m.global.width]);
    const out = await this.globalSession.run({ image: input });
    const heat = out.heatmaps!;
    const [, k, hh, hw] = heat.dims as [number, number, number, number];
    const data = heat.data as Float32Array;
    const points: { x: number; y: number; confidence: number }[][] = [];
    const meanConfidence: number[] = [];
    for (let b = 0; b < 2; b++) {
      const row: { x: number; y: number; confidence: number }[] = [];
      let sum = 0;
      for (let i = 0; i < k; i++) {
        const peak = decodeHeatmap(data, (b * k + i) * hh * hw, hh, hw, m.decode.window_radius);
        const [x, y] = fromFrame(prep.gf, cellToPx(peak.x, m.global.stride), cellToPx(peak.y, m.global.stride));
        row.push({ x, y, confidence: peak.confidence });
        sum += peak.confidence;
      }
      points.push(row);
      meanConfidence.push(sum / k);
    }
    return { points, meanConfidence };
  }

  private async refine(prep: Prepared, fine: GreyImage, ctx: GreyImage, centres: { x: number; y: number }[]) {
    const { patch: P, stride, context_step: step } = this.manifest.fine;
    const k = centres.length;
    const buf = new Float32Array(k * 2 * P * P);
    const kcx = prep.cf.rw / prep.cf.w / (prep.ff.rw / prep.ff.w);
    const kcy = prep.cf.rh / prep.cf.h / (prep.ff.rh / prep.ff.h);
    const fc = centres.map((c) => toFrame(prep.ff, c.x, c.y));
    fc.forEach(([cx, cy], i) => {
      samplePatch(fine, cx, cy, P, 1, 1, 1, buf, i * 2 * P * P);
      samplePatch(ctx, cx, cy, P, step, kcx, kcy, buf, i * 2 * P * P + P * P);
    });
    const ids = BigInt64Array.from({ length: k }, (_, i) => BigInt(i));
    const out = await this.fineSession.run({ patches: new ort.Tensor('float32', buf, [k, 2, P, P]), landmark: new ort.Tensor('int64', ids, [k]) });
    const heat = out.heatmaps!;
    const [, hh, hw] = heat.dims as [number, number, number];
    const data = heat.data as Float32Array;
    const half = (P - 1) / 2;
    return fc.map(([cx, cy], i) => {
      const peak = decodeHeatmap(data, i * hh * hw, hh, hw, this.manifest.decode.window_radius);
      const [x, y] = fromFrame(prep.ff, cx + cellToPx(peak.x, stride) - half, cy + cellToPx(peak.y, stride) - half);
      return { x, y, confidence: peak.confidence };
    });
  }

  private shapeResidualOf(points: { x: number; y: number }[]): number | null {
    const mean = this.manifest.mean_shape;
    if (!mean) return null;
    const pts: Pt[] = points.slice(0, mean.length).map((p) => [p.x, p.y]);
    return shapeResidual(pts, mean);
  }
}
