/**
 * npx tsx apps/server/src/cli/calibrate-model.ts <model manifest.json> [--manifest <dataset manifest>] [--n 40] [--passes 1]
 *
 * Fills in what the refusal of non-cephalograms needs, from data, and writes it into the model
 * manifest: the Procrustes mean of the training films' landmarks (first 19, matched by name) and
 * the two acceptance thresholds, chosen from the detector's own coarse-stage quality on training
 * films versus generated and real non-cephalograms.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { LandmarkDetector } from '../inference/index.ts';
import { procrustesMean, type Pt } from '../inference/shape-check.ts';
import { datasetDir, loadDatasetManifest, userPath } from './dataset-manifest.ts';
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
      return { name: f, bytes: await img.resize(Math.round(width * k), Math.round(height * k)).jpeg().toBuffer() };
    }),
  );
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ options: { manifest: { type: 'string' }, n: { type: 'string' }, passes: { type: 'string' } }, allowPositionals: true });
  if (positionals.length !== 1) {
    console.error('usage: calibrate-model <model manifest.json> [--manifest <dataset manifest>] [--n 40] [--passes 1]');
    return 2;
  }
  const modelPath = userPath(positionals[0]!);
  const dir = datasetDir();
  const dsPath = values.manifest ? userPath(values.manifest) : dir ? resolve(dir, 'manifest.json') : null;
  if (!dsPath) {
    console.error('No dataset: pass --manifest or set CEPH_DATASET_DIR.');
    return 2;
  }
  const { manifest: ds, baseDir } = await loadDatasetManifest(dsPath);
  const model = JSON.parse(await readFile(modelPath, 'utf8')) as Record<string, unknown> & { landmarks: { name: string }[] };
  const modelIdx = model.landmarks.slice(0, 19).map((l) => ds.landmark_names.findIndex((n) => n.toLowerCase() === l.name.toLowerCase()));
  if (modelIdx.some((j) => j < 0)) throw new Error('The first 19 model landmarks are not all in the dataset manifest.');
  const train = new Set(ds.splits.train ?? []);
  const trainImages = ds.images.filter((im) => train.has(im.id));
  const mean = procrustesMean(trainImages.map((im) => modelIdx.map((j) => im.landmarks[j]! as unknown as Pt)));
  model.mean_shape = mean.map(([x, y]) => [Number(x.toFixed(6)), Number(y.toFixed(6))]);
  if (values.passes) model.refine_passes = Number(values.passes);
  delete model.acceptance;
  await writeFile(modelPath, JSON.stringify(model, null, 1));

  const detector = await LandmarkDetector.load(modelPath);
  const n = Number(values.n ?? 40);
  const pos: { conf: number; res: number }[] = [];
  for (const im of trainImages.slice(0, n)) {
    const r = await detector.detect(await readFile(resolve(baseDir, im.file)), { acceptAll: true });
    pos.push({ conf: r.quality.meanConfidence, res: r.quality.shapeResidual ?? 1 });
  }
  const negatives = [...(await generatedNonCephalograms()), ...(await fixtureNonCephalograms())];
  const neg: { name: string; conf: number; res: number }[] = [];
  for (const { name, bytes } of negatives) {
    const r = await detector.detect(bytes, { acceptAll: true });
    neg.push({ name, conf: r.quality.meanConfidence, res: r.quality.shapeResidual ?? 1 });
  }
  const posMinConf = Math.min(...pos.map((p) => p.conf));
  const posMaxRes = Math.max(...pos.map((p) => p.res));
  // Generous margins towards accepting real films (a refused film costs the clinician more than a
  // doubtful one that they see and correct); negatives must still fail at least one test.
  const acceptance = { min_mean_confidence: Number((0.5 * posMinConf).toFixed(4)), max_shape_residual: Number(Math.max(2 * posMaxRes, posMaxRes + 0.05).toFixed(4)) };
  model.acceptance = acceptance;
  await writeFile(modelPath, JSON.stringify(model, null, 1));
  console.log(`training films (${pos.length}): mean confidence min ${posMinConf.toFixed(3)} median ${median(pos.map((p) => p.conf)).toFixed(3)}; shape residual max ${posMaxRes.toFixed(4)} median ${median(pos.map((p) => p.res)).toFixed(4)}`);
  let leaked = 0;
  for (const x of neg) {
    const refused = x.conf < acceptance.min_mean_confidence || x.res > acceptance.max_shape_residual;
    if (!refused) leaked++;
    console.log(`  ${refused ? 'refused ' : 'ACCEPTED'} ${x.name.padEnd(24)} confidence ${x.conf.toFixed(3)} residual ${x.res.toFixed(4)}`);
  }
  console.log(`acceptance ${JSON.stringify(acceptance)}; non-cephalograms accepted: ${leaked}/${neg.length}`);
  return leaked ? 1 : 0;
}

function median(v: number[]): number {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  main().then((code) => process.exit(code), (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(2);
  });
}
