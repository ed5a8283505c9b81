import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { decodeHeatmap } from './decode.ts';
import { cellToPx, fineScale, fitFrame, fromFrame, mirrorX, scaleFrame, toFrame, type Frame } from './frames.ts';
import { decodeGrey, resizeGrey } from './image-input.ts';
import { calibratedConfidence, type Detection, type DetectionQuality, type LandmarkEvidence } from './detection.ts';
import { calibrationOf, readModelManifest, type ModelCalibration, type ModelManifest } from './model-manifest.ts';
import { mirror, samplePatch, type GreyImage } from './patches.ts';
import { shapeResidual, type Pt } from './shape-check.ts';
import { shapeSurprise } from './shape-model.ts';

interface Prepared {
  image: GreyImage;
  gf: Frame;
  canvas: Float32Array; // [2, 1, H, W]: as given, mirrored
}

/** The refinement frames: the film scaled to the normalised skull size, and 3x coarser. */
interface FineFrames {
  ff: Frame;
  cf: Frame;
  fine: GreyImage;
  ctx: GreyImage;
}

/**
 * The production landmark detector: one instance per process (ONNX sessions are loaded once).
 * CPU heavy: call it from a worker thread (inference-pool.ts), never on the request path.
 */
export class LandmarkDetector {
  private constructor(
    readonly manifest: ModelManifest,
    /** Null only for a detector loaded `uncalibrated` (model calibration itself). */
    readonly calibration: ModelCalibration | null,
    private readonly globalSession: ort.InferenceSession,
    private readonly fineSession: ort.InferenceSession,
  ) {}

  /**
   * Load a model. A manifest without calibrated thresholds (acceptance, confidence model, review
   * threshold, mean shape) is refused with ModelNotCalibratedError unless `uncalibrated` (only
   * calibrate-model.ts does that: it measures what the thresholds come from).
   */
  static async load(
    manifestPath: string,
    opts: { threads?: number; verifyHashes?: boolean; uncalibrated?: boolean } = {},
  ): Promise<LandmarkDetector> {
    const manifest = await readModelManifest(manifestPath);
    const calibration = opts.uncalibrated ? null : calibrationOf(manifest, manifestPath);
    const dir = dirname(manifestPath);
    const options: ort.InferenceSession.SessionOptions = {
      intraOpNumThreads: opts.threads ?? 2,
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
      executionMode: 'sequential',
    };
    const [g, f] = await Promise.all([readFile(join(dir, manifest.global.file)), readFile(join(dir, manifest.fine.file))]);
    if (opts.verifyHashes !== false) {
      for (const [bytes, spec] of [
        [g, manifest.global],
        [f, manifest.fine],
      ] as const) {
        const digest = createHash('sha256').update(bytes).digest('hex');
        if (digest !== spec.sha256) throw new Error(`Model file ${spec.file} does not match its sha256 in ${manifestPath}`);
      }
    }
    const [gs, fs] = await Promise.all([ort.InferenceSession.create(g, options), ort.InferenceSession.create(f, options)]);
    return new LandmarkDetector(manifest, calibration, gs, fs);
  }

  get modelRef() {
    return { id: this.manifest.id, version: this.manifest.version };
  }

  /**
   * Detect landmarks in JPEG/PNG bytes. Throws ImageInputError for unusable files. Films that do
   * not look like a lateral cephalogram are refused unless `acceptAll` (model calibration only).
   *
   * 1. the whole film (and its mirror image) letterboxed into the coarse network -> 38 coarse
   *    points and the facing; 2. the skull size from the coarse points sets the refinement scale
   *    (no assumption about the film's pixel spacing or field of view); 3. one patch pair per
   *    landmark -> refined point and its evidence -> calibrated confidence.
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
    const acc = this.calibration?.acceptance;
    if (
      !opts.acceptAll &&
      acc &&
      (quality.meanConfidence < acc.min_mean_confidence ||
        (quality.shapeResidual !== null && quality.shapeResidual > acc.max_shape_residual))
    ) {
      t.total = t.decode + t.preprocess + t.global;
      return {
        status: 'refused',
        reason: 'XRAY_NOT_RECOGNIZED',
        message: 'Please check the X-ray image: it was not recognised as a lateral cephalogram.',
        imageSize,
        model: this.modelRef,
        quality,
        timingsMs: t,
      };
    }
    t0 = performance.now();
    const frames = await this.fineFrames(image, points, mirrored);
    t.fine_frames = performance.now() - t0;
    t0 = performance.now();
    const other = coarse.points[1 - pick]!;
    const toFine = frames.ff.rw / frames.ff.w;
    let current = points.map((p, i) => ({
      x: p.x,
      y: p.y,
      evidence: {
        mass: p.confidence,
        spread: Infinity,
        shift: 0,
        coarse: p.confidence,
        flip: Math.hypot(mirrorX(other[i]!.x, image.width) - p.x, other[i]!.y - p.y) * toFine,
        surprise: 0,
      },
    }));
    for (let pass = 0; pass < (this.manifest.refine_passes ?? 1); pass++) current = await this.refine(frames, current);
    t.fine = performance.now() - t0 + t.fine_frames;
    t0 = performance.now();
    const shapeModel = this.calibration?.shape_model ?? this.manifest.shape_model;
    if (shapeModel) {
      const surprise = shapeSurprise(
        current.map((p) => [p.x, p.y] as Pt),
        shapeModel,
      );
      current.forEach((p, i) => (p.evidence.surprise = surprise[i] ?? 0));
    }
    t.shape = performance.now() - t0;
    t.total = t.decode + t.preprocess + t.global + t.fine + t.shape;
    const landmarks = current.map((p, i) => {
      const lm = this.manifest.landmarks[i]!;
      const confidence = this.calibration ? calibratedConfidence(p.evidence, this.calibration.confidence, i) : p.evidence.mass;
      return {
        index: lm.index,
        name: lm.name,
        shortName: lm.short_name,
        x: mirrored ? mirrorX(p.x, image.width) : p.x,
        y: p.y,
        confidence,
        evidence: p.evidence,
      };
    });
    return {
      status: 'ok',
      landmarks,
      imageSize,
      facing: mirrored ? 'left' : 'right',
      model: this.modelRef,
      reviewThreshold: this.calibration?.review.confidence_threshold ?? null,
      filmReviewThreshold: this.calibration?.review.film_mean_threshold ?? null,
      quality,
      timingsMs: t,
    };
  }

  private async prepare(image: GreyImage): Promise<Prepared> {
    const m = this.manifest;
    const gf = fitFrame(image.width, image.height, m.global.width, m.global.height, m.global.letterbox);
    const small = await resizeGrey(image, gf.rw, gf.rh);
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
    return { image, gf, canvas };
  }

  /** The film scaled so the skull (from the coarse points) has the model's reference size. */
  private async fineFrames(image: GreyImage, coarse: { x: number; y: number }[], mirrored: boolean): Promise<FineFrames> {
    const f = this.manifest.fine;
    const s = fineScale(image.width, image.height, coarse, f.ref_size, f.max_frame_side);
    const ff = scaleFrame(image.width, image.height, s);
    const cf = scaleFrame(image.width, image.height, s / f.context_step);
    const [fine, ctx] = await Promise.all([resizeGrey(image, ff.rw, ff.rh), resizeGrey(image, cf.rw, cf.rh)]);
    return { ff, cf, fine: mirrored ? mirror(fine) : fine, ctx: mirrored ? mirror(ctx) : ctx };
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

  private async refine(frames: FineFrames, centres: { x: number; y: number; evidence: LandmarkEvidence }[]) {
    const { patch: P, stride, context_step: step } = this.manifest.fine;
    const { ff, cf, fine, ctx } = frames;
    const k = centres.length;
    const buf = new Float32Array(k * 2 * P * P);
    const kcx = cf.rw / cf.w / (ff.rw / ff.w);
    const kcy = cf.rh / cf.h / (ff.rh / ff.h);
    const fc = centres.map((c) => toFrame(ff, c.x, c.y));
    fc.forEach(([cx, cy], i) => {
      samplePatch(fine, cx, cy, P, 1, 1, 1, buf, i * 2 * P * P);
      samplePatch(ctx, cx, cy, P, step, kcx, kcy, buf, i * 2 * P * P + P * P);
    });
    const ids = BigInt64Array.from({ length: k }, (_, i) => BigInt(i));
    const out = await this.fineSession.run({
      patches: new ort.Tensor('float32', buf, [k, 2, P, P]),
      landmark: new ort.Tensor('int64', ids, [k]),
    });
    const heat = out.heatmaps!;
    const [, hh, hw] = heat.dims as [number, number, number];
    const data = heat.data as Float32Array;
    const half = (P - 1) / 2;
    return fc.map(([cx, cy], i) => {
      const peak = decodeHeatmap(data, i * hh * hw, hh, hw, this.manifest.decode.window_radius);
      const du = cellToPx(peak.x, stride) - half;
      const dv = cellToPx(peak.y, stride) - half;
      const [x, y] = fromFrame(ff, cx + du, cy + dv);
      return {
        x,
        y,
        evidence: {
          mass: peak.confidence,
          spread: peak.spread * stride,
          shift: Math.hypot(du, dv),
          coarse: centres[i]!.evidence.coarse,
          flip: centres[i]!.evidence.flip,
          surprise: 0,
        },
      };
    });
  }

  private shapeResidualOf(points: { x: number; y: number }[]): number | null {
    const mean = this.manifest.mean_shape;
    if (!mean) return null;
    const pts: Pt[] = points.slice(0, mean.length).map((p) => [p.x, p.y]);
    return shapeResidual(pts, mean);
  }
}
