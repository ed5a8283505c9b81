/**
 * npx tsx apps/server/src/cli/calibrate-model.ts <model manifest.json>
 *     [--manifest <isbi manifest>] [--validation <other-device manifest>]... [--n 60] [--max-review-share 0.15]
 *
 * Fills in, from data, what the server needs before it will serve a model (model-manifest.ts):
 * 1. `mean_shape`: the Procrustes mean of the training films' first 19 landmarks;
 * 2. `acceptance`: refusal thresholds on the coarse stage's mean confidence and shape residual,
 *    placed between real cephalograms from more than one device (ISBI training films, the same
 *    films re-imaged as other machines would make them, and every film of each --validation set)
 *    and non-cephalograms (generated radiographs of other kinds and the photo fixtures);
 * 3. `confidence`: a logistic model of P(error <= 2 mm) from the refinement evidence (heatmap
 *    mass, spread, coarse-to-fine shift), fitted on the --validation films (never on Test1);
 * 4. `review.confidence_threshold`: the viewer flags landmarks below it; chosen on the same films
 *    as the largest threshold that flags at most --max-review-share of all landmarks.
 * Exit 1 when a non-cephalogram would be accepted or a real film refused.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { LandmarkDetector } from '../inference/index.ts';
import { confidenceFeatures } from '../inference/detection.ts';
import { procrustesMean, type Pt } from '../inference/shape-check.ts';
import { datasetDir, evalDatasetManifestSchema, loadDatasetManifest, userPath } from './dataset-manifest.ts';
import { imageSpacing } from './landmark-eval.ts';
import { fitLogistic, sigmoid, thresholdForShare } from './logistic.ts';
import { generatedNonCephalograms } from './non-ceph-images.ts';

const FIXTURES = fileURLToPath(new URL('../../test/fixtures/non-ceph/', import.meta.url));

/** Real non-cephalograms from the test fixtures, enlarged so that no side is under 1000 px. */
export async function fixtureNonCephalograms(): Promise<{ name: string; bytes: Buffer }[]> {
  const files = (await readdir(FIXTURES)).filter((f) => f.endsWith('.jpg'));
  return Promise.all(
    files.map(async (f) => {
      const img = sharp(await readFile(resolve(FIXTURES, f)));
      const { width = 1, height = 1 } = await img.metadata();
      const k = Math.max(1, 1000 / Math.min(width, height));
      return {
        name: f,
        bytes: await img
          .resize(Math.round(width * k), Math.round(height * k))
          .jpeg()
          .toBuffer(),
      };
    }),
  );
}

/**
 * A film as other machines and clinics would have made it: a small children's-unit film (about
 * 650 x 1000 px), a tight crop with strong contrast, a wide field with padding, an edge-enhanced
 * film. Real positives for the refusal thresholds besides the ISBI device.
 */
export async function otherDeviceLooks(bytes: Buffer): Promise<{ look: string; bytes: Buffer }[]> {
  const img = sharp(bytes);
  const { width = 1, height = 1 } = await img.metadata();
  const tight = {
    left: Math.round(width * 0.12),
    top: Math.round(height * 0.1),
    width: Math.round(width * 0.8),
    height: Math.round(height * 0.78),
  };
  const pad = Math.round(width * 0.18);
  const narrow = { left: Math.round(width * 0.15), top: 0, width: Math.round(width * 0.8), height };
  return [
    {
      look: 'small-unit',
      bytes: await sharp(bytes).extract(narrow).resize({ height: 1000 }).gamma(2.2, 1.8).blur(1.2).jpeg({ quality: 60 }).toBuffer(),
    },
    { look: 'tight-crop', bytes: await sharp(bytes).extract(tight).linear(1.4, -40).jpeg({ quality: 85 }).toBuffer() },
    {
      look: 'wide-padded',
      bytes: await sharp(bytes)
        .extend({ top: pad, bottom: pad, left: pad, right: pad, background: { r: 0, g: 0, b: 0 } })
        .jpeg({ quality: 85 })
        .toBuffer(),
    },
    { look: 'edge-enhanced', bytes: await sharp(bytes).sharpen({ sigma: 3, m1: 2, m2: 4 }).gamma(1.2).jpeg({ quality: 80 }).toBuffer() },
  ];
}

interface Quality {
  name: string;
  conf: number;
  res: number;
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: {
      manifest: { type: 'string' },
      validation: { type: 'string', multiple: true },
      n: { type: 'string' },
      'max-review-share': { type: 'string' },
    },
    allowPositionals: true,
  });
  if (positionals.length !== 1) {
    console.error(
      'usage: calibrate-model <model manifest.json> [--manifest <isbi manifest>] [--validation ' +
        '<manifest>]... [--n 60] [--max-review-share 0.15]',
    );
    return 2;
  }
  const modelPath = userPath(positionals[0]!);
  const dir = datasetDir();
  const dsPath = values.manifest ? userPath(values.manifest) : dir ? resolve(dir, 'manifest.json') : null;
  if (!dsPath) {
    console.error('No dataset: pass --manifest or set CEPH_DATASET_DIR.');
    return 2;
  }
  const validation = (values.validation ?? []).map((p) => userPath(p));
  if (!validation.length) {
    console.error(
      'Calibration needs films from at least one other device: pass --validation <manifest> (e.g. ' +
        '../shared/datasets/hamedan/manifest.json).',
    );
    return 2;
  }
  const { manifest: ds, baseDir } = await loadDatasetManifest(dsPath);
  const model = JSON.parse(await readFile(modelPath, 'utf8')) as Record<string, unknown> & { landmarks: { name: string }[] };
  const names19 = model.landmarks.slice(0, 19).map((l) => l.name.toLowerCase());
  const modelIdx = names19.map((n) => ds.landmark_names.findIndex((x) => x.toLowerCase() === n));
  if (modelIdx.some((j) => j < 0)) throw new Error('The first 19 model landmarks are not all in the dataset manifest.');
  const train = new Set(ds.splits.train ?? []);
  const trainImages = ds.images.filter((im) => train.has(im.id));
  const mean = procrustesMean(trainImages.map((im) => modelIdx.map((j) => im.landmarks[j]! as unknown as Pt)));
  model.mean_shape = mean.map(([x, y]) => [Number(x.toFixed(6)), Number(y.toFixed(6))]);
  for (const k of ['acceptance', 'confidence', 'review']) delete model[k];
  await writeFile(modelPath, JSON.stringify(model, null, 1));

  const detector = await LandmarkDetector.load(modelPath, { uncalibrated: true });
  const n = Number(values.n ?? 60);
  const pos: Quality[] = [];
  const measure = async (name: string, bytes: Buffer) => {
    const r = await detector.detect(bytes, { acceptAll: true });
    return { r, q: { name, conf: r.quality.meanConfidence, res: r.quality.shapeResidual ?? 1 } };
  };
  for (const im of trainImages.slice(0, n)) {
    const bytes = await readFile(resolve(baseDir, im.file));
    pos.push((await measure(`isbi ${im.id}`, bytes)).q);
    if (pos.length % 3 === 0)
      for (const v of await otherDeviceLooks(bytes)) pos.push((await measure(`isbi ${im.id} as ${v.look}`, v.bytes)).q);
  }
  // Validation films (other devices): refusal positives and the confidence model's data.
  const feats: number[][] = [];
  const labels: number[] = [];
  const images: number[] = []; // which film each landmark comes from (cross-validation by film)
  for (const path of validation) {
    const vs = evalDatasetManifestSchema.parse(JSON.parse(await readFile(path, 'utf8')));
    const vb = dirname(path);
    const vIdx = names19.map((nm) => vs.landmark_names.findIndex((x) => x.toLowerCase() === nm));
    for (const im of vs.images) {
      const { r, q } = await measure(`${path.split('/').at(-2)} ${im.id}`, await readFile(resolve(vb, im.file)));
      pos.push(q);
      if (r.status !== 'ok') continue;
      const sp = imageSpacing(vs, im).mm;
      vIdx.forEach((j, k) => {
        const gt = j >= 0 ? im.landmarks[j] : undefined;
        if (!gt) return;
        const l = r.landmarks[k]!;
        feats.push(confidenceFeatures(l.evidence));
        images.push(pos.length);
        labels.push(Math.hypot(l.x - gt[0], l.y - gt[1]) * sp <= 2 ? 1 : 0);
      });
    }
  }
  const negatives = [...(await generatedNonCephalograms()), ...(await fixtureNonCephalograms())];
  const neg: Quality[] = [];
  for (const { name, bytes } of negatives) neg.push((await measure(name, bytes)).q);

  // Refusal: generous towards real films (a refused film costs a clinic more than a doubtful one
  // it sees and corrects); every negative must still fail at least one of the two tests.
  const posMinConf = Math.min(...pos.map((p) => p.conf));
  const posMaxRes = Math.max(...pos.map((p) => p.res));
  const maxRes = Math.max(2 * posMaxRes, posMaxRes + 0.05);
  const shapeOk = neg.filter((x) => x.res <= maxRes);
  const hiNeg = shapeOk.length ? Math.max(...shapeOk.map((x) => x.conf)) : 0;
  const minConf = shapeOk.length ? hiNeg + 0.5 * (posMinConf - hiNeg) : 0.5 * posMinConf;
  const acceptance = { min_mean_confidence: Number(minConf.toFixed(4)), max_shape_residual: Number(maxRes.toFixed(4)) };

  const [intercept, wMass, wSpread, wShift, wCoarse] = fitLogistic(feats, labels).map((v) => Number(v.toFixed(5)));
  const confidence = { intercept: intercept!, w_mass: wMass!, w_spread: wSpread!, w_shift: wShift!, w_coarse: wCoarse! };
  const w = [confidence.intercept, confidence.w_mass, confidence.w_spread, confidence.w_shift, confidence.w_coarse];
  const scores = feats.map((x) => sigmoid(w[0]! + x.reduce((a, v, i) => a + v * w[i + 1]!, 0)));
  const cv = crossValidated(feats, labels, images, maxShareArg(values['max-review-share']));
  const maxShare = maxShareArg(values['max-review-share']);
  const { threshold, share } = thresholdForShare(scores, maxShare);
  const bad = labels.filter((y) => y === 0).length;
  const caught = scores.filter((s, i) => s < threshold && labels[i] === 0).length;
  const review = { confidence_threshold: Number(threshold.toFixed(4)) };

  Object.assign(model, { acceptance, confidence, review });
  await writeFile(modelPath, JSON.stringify(model, null, 1));
  const refusedPos = pos.filter((x) => x.conf < acceptance.min_mean_confidence || x.res > acceptance.max_shape_residual);
  console.log(
    `real films (${pos.length}, ${validation.length + 1} devices + re-imaged ` +
      `looks): mean confidence min ${posMinConf.toFixed(3)} median ${median(pos.map((p) => p.conf)).toFixed(3)}; ` +
      `shape residual max ${posMaxRes.toFixed(4)} median ${median(pos.map((p) => p.res)).toFixed(4)}`,
  );
  let leaked = 0;
  for (const x of neg) {
    const refused = x.conf < acceptance.min_mean_confidence || x.res > acceptance.max_shape_residual;
    if (!refused) leaked++;
    console.log(`  ${refused ? 'refused ' : 'ACCEPTED'} ${x.name.padEnd(28)} confidence ${x.conf.toFixed(3)} residual ${x.res.toFixed(4)}`);
  }
  for (const x of refusedPos) console.log(`  REFUSED real film ${x.name} confidence ${x.conf.toFixed(3)} residual ${x.res.toFixed(4)}`);
  console.log(
    `acceptance ${JSON.stringify(acceptance)}; non-cephalograms accepted: ${leaked}/${neg.length}; ` +
      `real films refused: ${refusedPos.length}/${pos.length}`,
  );
  console.log(`confidence model ${JSON.stringify(confidence)} on ${labels.length} validation landmarks (${bad} over 2 mm)`);
  console.log(
    `2-fold cross-validation by film (fit on one half, threshold and flag on ` +
      `the other): flags ${(100 * cv.share).toFixed(1)}%, catches ${(100 * cv.recall).toFixed(1)}% ` +
      `of those over 2 mm`,
  );
  console.log(
    `review threshold ${review.confidence_threshold}: flags ${(100 * share).toFixed(1)}% ` +
      `of landmarks, catches ${((100 * caught) / Math.max(1, bad)).toFixed(1)}% ` +
      `of those over 2 mm (on the validation films)`,
  );
  return leaked || refusedPos.length ? 1 : 0;
}

function maxShareArg(v: string | undefined): number {
  return Number(v ?? '0.15');
}

/** Honest figures for the flag: fit and pick the threshold on half of the films, measure on the other half, and back. */
export function crossValidated(feats: number[][], labels: number[], images: number[], maxShare: number): { share: number; recall: number } {
  let flagged = 0;
  let caught = 0;
  let bad = 0;
  for (const fold of [0, 1]) {
    const tr = feats.map((_, i) => i).filter((i) => images[i]! % 2 === fold);
    const te = feats.map((_, i) => i).filter((i) => images[i]! % 2 !== fold);
    const w = fitLogistic(
      tr.map((i) => feats[i]!),
      tr.map((i) => labels[i]!),
    );
    const score = (i: number) => sigmoid(w[0]! + feats[i]!.reduce((a, v, j) => a + v * w[j + 1]!, 0));
    const { threshold } = thresholdForShare(tr.map(score), maxShare);
    for (const i of te) {
      const f = score(i) < threshold;
      flagged += Number(f);
      if (labels[i] === 0) {
        bad++;
        caught += Number(f);
      }
    }
  }
  return { share: flagged / Math.max(1, labels.length), recall: caught / Math.max(1, bad) };
}

function median(v: number[]): number {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(2);
    },
  );
}
