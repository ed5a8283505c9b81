/**
 * npx tsx tools/src/calibrate-model.ts <model manifest.json>
 *     [--manifest <isbi manifest>] [--validation <other-device manifest>]... [--n 150] [--max-review-share 0.07]
 *
 * Fills in, from data this project may train on (the ISBI 2015 training films, and the same films
 * re-imaged as other machines would make them), what the server needs before it will serve a
 * model (model-manifest.ts). Test1 is never read; --validation sets (other devices, e.g. Hamedan,
 * whose terms allow validation only) are detected and reported, never fitted on.
 * 1. `mean_shape`: the Procrustes mean of the training films' first 19 landmarks; `shape_model`:
 *    the leave-one-out model of all landmarks (shape-model.ts) from the training films that have all;
 * 2. `acceptance`: refusal thresholds on the coarse stage's mean confidence and shape residual,
 *    placed between the real films above and non-cephalograms (generated radiographs of other
 *    kinds and the photo fixtures);
 * 3. `confidence`: a logistic model of P(error <= 2 mm) from the refinement evidence (heatmap mass,
 *    spread, coarse-to-fine shift), the film-vs-mirror disagreement, the shape model's surprise and
 *    one prior per landmark;
 * 4. `review.confidence_threshold`: the viewer flags landmarks below it; the largest threshold
 *    that flags at most --max-review-share (7 %) of the training films' 19 ISBI landmarks.
 * Exit 1 when a non-cephalogram would be accepted or a real film (validation sets included) refused.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { LandmarkDetector } from '../../apps/server/src/inference/index.ts';
import { confidenceFeatures } from '../../apps/server/src/inference/detection.ts';
import { procrustesMean, type Pt } from '../../apps/server/src/inference/shape-check.ts';
import { fitShapeModel } from '../../apps/server/src/inference/shape-model.ts';
import { otherDeviceLooks } from './calibration-films.ts';
import {
  datasetDir,
  evalDatasetManifestSchema,
  loadDatasetManifest,
  userPath,
  type DatasetManifest,
} from '../../apps/server/src/cli/dataset-manifest.ts';
import { REVIEW_ERROR_MM, auroc, imageSpacing } from './landmark-eval.ts';
import { fitConfidenceModel, type Sample } from './confidence-fit.ts';
import { generatedNonCephalograms } from './non-ceph-images.ts';

const FIXTURES = fileURLToPath(new URL('../../apps/server/test/fixtures/non-ceph/', import.meta.url));

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

export { otherDeviceLooks } from './calibration-films.ts';

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
        '<manifest>]... [--n 150] [--max-review-share 0.07]',
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
  const { manifest: ds, baseDir } = await loadDatasetManifest(dsPath);
  const extra = await loadOptionalManifest(resolve(baseDir, 'manifest38.json'));
  const model = JSON.parse(await readFile(modelPath, 'utf8')) as Record<string, unknown> & { landmarks: { name: string }[] };
  const K = model.landmarks.length;
  const names = model.landmarks.map((l) => l.name.toLowerCase());
  const idx19 = names.slice(0, 19).map((n) => ds.landmark_names.findIndex((x) => x.toLowerCase() === n));
  if (idx19.some((j) => j < 0)) throw new Error('The first 19 model landmarks are not all in the dataset manifest.');
  const idx38 = extra ? names.map((n) => extra.landmark_names.findIndex((x) => x.toLowerCase() === n)) : [];
  const train = new Set(ds.splits.train ?? []);
  const trainImages = ds.images.filter((im) => train.has(im.id)).slice(0, Number(values.n ?? 150));
  const extraById = new Map((extra?.images ?? []).map((im) => [im.id, im]));
  /** Reference points of a training film in model order: ISBI's 19, then manifest38's where it has them. */
  const reference = (id: string, landmarks: DatasetManifest['images'][number]['landmarks']): (readonly [number, number] | null)[] =>
    names.map((_, k) => {
      if (k < 19) return landmarks[idx19[k]!] ?? null;
      const p = extraById.get(id)?.landmarks[idx38[k] ?? -1];
      return p ?? null;
    });

  const mean = procrustesMean(trainImages.map((im) => idx19.map((j) => im.landmarks[j]! as unknown as Pt)));
  model.mean_shape = mean.map(([x, y]) => [Number(x.toFixed(6)), Number(y.toFixed(6))]);
  // The anatomy's half of the confidence: complete configurations of all K landmarks (training films only).
  const complete = trainImages.map((im) => reference(im.id, im.landmarks)).filter((r): r is Pt[] => r.every((p) => p !== null));
  if (complete.length < 30) throw new Error(`Only ${complete.length} training films have all ${K} landmarks: too few for the shape model.`);
  const shapeModel = fitShapeModel(complete);
  model.shape_model = {
    mean: shapeModel.mean.map(([x, y]) => [round6(x), round6(y)]),
    loo: shapeModel.loo.map(({ w, inv }) => ({ w: [w[0].map(round6), w[1].map(round6)], inv: inv.map(round6) })),
  };
  for (const k of ['acceptance', 'confidence', 'review']) delete model[k];
  await writeFile(modelPath, JSON.stringify(model, null, 1));

  const detector = await LandmarkDetector.load(modelPath, { uncalibrated: true });
  const pos: Quality[] = [];
  const samples: Sample[] = [];
  const measure = async (name: string, bytes: Buffer) => {
    const r = await detector.detect(bytes, { acceptAll: true });
    return { r, q: { name, conf: r.quality.meanConfidence, res: r.quality.shapeResidual ?? 1 } };
  };
  // Training films and the same films re-imaged as other machines would make them: the refusal
  // positives, and the confidence model's data (errors in mm of the original film).
  for (const [f, im] of trainImages.entries()) {
    const bytes = await readFile(resolve(baseDir, im.file));
    const ref = reference(im.id, im.landmarks);
    const films = [
      { look: 'original', bytes, toOriginal: (x: number, y: number): [number, number] => [x, y] },
      ...(await otherDeviceLooks(bytes)),
    ];
    for (const v of films) {
      const { r, q } = await measure(`isbi ${im.id}${v.look === 'original' ? '' : ` as ${v.look}`}`, v.bytes);
      pos.push(q);
      if (r.status !== 'ok') continue;
      r.landmarks.forEach((l, k) => {
        const gt = ref[k];
        if (!gt) return;
        const [x, y] = v.toOriginal(l.x, l.y);
        samples.push({
          x: confidenceFeatures(l.evidence),
          k,
          errMm: Math.hypot(x - gt[0], y - gt[1]) * ds.pixel_spacing_mm,
          film: f,
          det: pos.length,
        });
      });
    }
  }
  // Other devices: checked (no film refused, how the flag does there), never fitted on.
  const checks: { name: string; quality: Quality[]; samples: Sample[] }[] = [];
  for (const path of validation) {
    const vs = evalDatasetManifestSchema.parse(JSON.parse(await readFile(path, 'utf8')));
    const vb = dirname(path);
    const vIdx = names.map((nm) => vs.landmark_names.findIndex((x) => x.toLowerCase() === nm));
    const check = { name: path.split('/').at(-2) ?? path, quality: [] as Quality[], samples: [] as Sample[] };
    for (const [f, im] of vs.images.entries()) {
      const { r, q } = await measure(`${check.name} ${im.id}`, await readFile(resolve(vb, im.file)));
      check.quality.push(q);
      if (r.status !== 'ok') continue;
      const sp = imageSpacing(vs, im).mm;
      r.landmarks.forEach((l, k) => {
        const gt = vIdx[k]! >= 0 ? im.landmarks[vIdx[k]!] : undefined;
        if (gt)
          check.samples.push({ x: confidenceFeatures(l.evidence), k, errMm: Math.hypot(l.x - gt[0], l.y - gt[1]) * sp, film: f, det: f });
      });
    }
    checks.push(check);
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

  const maxShare = Number(values['max-review-share'] ?? '0.07');
  const { confidence, review, score, share, shareAll, filmMeans, cv } = fitConfidenceModel(samples, K, maxShare);
  const threshold = review.confidence_threshold;
  const filmMeanThreshold = review.film_mean_threshold;

  Object.assign(model, { acceptance, confidence, review });
  await writeFile(modelPath, JSON.stringify(model, null, 1));
  const refusedPos = [...pos, ...checks.flatMap((c) => c.quality)].filter(
    (x) => x.conf < acceptance.min_mean_confidence || x.res > acceptance.max_shape_residual,
  );
  console.log(
    `real films (${pos.length}: ISBI training films and the same re-imaged as four other looks): mean confidence min ` +
      `${posMinConf.toFixed(3)} median ${median(pos.map((p) => p.conf)).toFixed(3)}; ` +
      `shape residual max ${posMaxRes.toFixed(4)} median ${median(pos.map((p) => p.res)).toFixed(4)}`,
  );
  for (const c of checks)
    console.log(
      `check, not fitted: ${c.name} (${c.quality.length} films): mean confidence min ` +
        `${Math.min(...c.quality.map((q) => q.conf)).toFixed(3)}; ` +
        `shape residual max ${Math.max(...c.quality.map((q) => q.res)).toFixed(4)}`,
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
      `real films refused: ${refusedPos.length}/${pos.length + checks.reduce((a, c) => a + c.quality.length, 0)}`,
  );
  console.log(
    `confidence model on ${samples.length} landmarks of the training films and their looks ` +
      `(${samples.filter((x) => x.errMm > REVIEW_ERROR_MM).length} over 2 mm): ` +
      JSON.stringify({ ...confidence, landmark_bias: `[${K} values]` }),
  );
  console.log(
    `2-fold cross-validation by film (fit on one half, threshold and flag on the other): flags ${(100 * cv.share).toFixed(1)}%, ` +
      `catches ${(100 * cv.recall).toFixed(1)}% of those over 2 mm`,
  );
  console.log(
    `review threshold ${review.confidence_threshold}: flags ${(100 * share).toFixed(1)}% of the training films' 19 ISBI landmarks ` +
      `(and looks), ${(100 * shareAll).toFixed(1)}% of all ${K}`,
  );
  console.log(
    `film warning below a mean confidence of ${review.film_mean_threshold} (2nd percentile of the training films and their looks)`,
  );
  for (const c of checks) {
    const means = filmMeans(c.samples);
    console.log(
      `check, not fitted: ${c.name}: ${means.filter((m) => m < filmMeanThreshold).length} of ${means.length} films ` +
        'get the whole-film warning',
    );
    const sc = c.samples.map(score);
    for (const mm of [2, 4]) {
      const off = c.samples.map((s) => s.errMm > mm);
      const n = off.filter(Boolean).length;
      const caught = sc.filter((v, i) => v < threshold && off[i]).length;
      console.log(
        `check, not fitted: ${c.name} flags ${((100 * sc.filter((v) => v < threshold).length) / Math.max(1, sc.length)).toFixed(1)}%, ` +
          `catches ${((100 * caught) / Math.max(1, n)).toFixed(1)}% of the ${n} over ${mm} mm; AUROC ` +
          `${auroc(sc.map((v, i) => ({ score: 1 - v, positive: off[i]! }))).toFixed(3)}`,
      );
    }
  }
  return leaked || refusedPos.length ? 1 : 0;
}

const round6 = (v: number) => Number(v.toFixed(6));

async function loadOptionalManifest(path: string): Promise<DatasetManifest | null> {
  try {
    return (await loadDatasetManifest(path)).manifest;
  } catch {
    return null;
  }
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
