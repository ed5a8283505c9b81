/**
 * npm run bench:inference [-- --n 20 --model <manifest.json> --threads 2]
 * Full production path per image (decode, preprocess, both networks, heatmap decoding) over
 * dataset films at three sizes: ISBI size (1935 x 2400, the challenge originals), Hamedan size
 * (1340 x 1671) and a small children's-unit film (650 x 1000), all made from the same ISBI films
 * by resizing (so only the size differs). Prints per-size and per-stage medians and ends with
 * `p50_ms=<n> p95_ms=<n> peak_rss_mb=<n>` over all runs, then what clinic adaptation adds: applying
 * a full profile (all 38 landmarks) to each detection, and rebuilding a profile from 100 films (done
 * on a landmark save, not in the detection).
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { MODEL_OUTPUT_IDS_V1, buildProfile, type FilmCorrection } from '@ceppro/ceph';
import { adaptModelLandmarks } from '../../apps/server/src/features/ai-adaptation/adapt-landmarks.ts';
import { LandmarkDetector, defaultModelManifestPath } from '../../apps/server/src/inference/index.ts';
import { datasetDir, loadDatasetManifest, userPath } from '../../apps/server/src/cli/dataset-manifest.ts';
import { percentile } from './landmark-metrics.ts';
import { runMain } from './bench-cli';

const SIZES = [
  { label: 'isbi', width: 1935, height: 2400 },
  { label: 'hamedan', width: 1340, height: 1671 },
  { label: 'small', width: 650, height: 1000 },
] as const;

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { n: { type: 'string' }, model: { type: 'string' }, threads: { type: 'string' } } });
  const n = Math.max(20, Number(values.n ?? 20));
  const dir = datasetDir();
  if (!dir) {
    console.error('bench:inference needs the dataset (CEPH_DATASET_DIR or ../shared/datasets/isbi2015).');
    return 2;
  }
  const { manifest, baseDir } = await loadDatasetManifest(resolve(dir, 'manifest.json'));
  const files = manifest.images.slice(-n).map((im) => resolve(baseDir, im.file));
  const detector = await LandmarkDetector.load(values.model ? userPath(values.model) : defaultModelManifestPath(), {
    threads: Number(values.threads ?? 2),
  });
  const originals = await Promise.all(files.map((f) => readFile(f)));
  const totals: number[] = [];
  const lines: string[] = [];
  const stages = new Map<string, number[]>();
  for (const size of SIZES) {
    // The small film keeps the skull's proportions: a narrower field of view, as such units have.
    const images = await Promise.all(
      originals.map((b) => sharp(b).resize(size.width, size.height, { fit: 'cover' }).jpeg({ quality: 92 }).toBuffer()),
    );
    for (const img of images.slice(0, 2)) await detector.detect(img); // warm-up, not counted
    const mine: number[] = [];
    let refused = 0;
    for (const img of images) {
      const t0 = performance.now();
      const r = await detector.detect(img);
      const ms = performance.now() - t0;
      mine.push(ms);
      totals.push(ms);
      if (r.status !== 'ok') refused++;
      for (const [k, v] of Object.entries(r.timingsMs)) stages.set(k, [...(stages.get(k) ?? []), v]);
    }
    lines.push(
      `${size.label}_${size.width}x${size.height}_p50_ms=${percentile(mine, 50).toFixed(1)} ` +
        `p95_ms=${percentile(mine, 95).toFixed(1)}${refused ? ` refused=${refused}` : ''}`,
    );
  }
  const rssMb = process.resourceUsage().maxRSS / 1024;
  const adaptation = await benchAdaptation(detector, originals);
  console.log(
    `${originals.length} films x ${SIZES.length} sizes, model ${detector.manifest.id} ` +
      `${detector.manifest.version}, ${values.threads ?? 2} threads`,
  );
  console.log([...stages].map(([k, v]) => `${k} p50 ${percentile(v, 50).toFixed(1)} ms`).join(', '));
  for (const l of lines) console.log(l);
  console.log(`p50_ms=${percentile(totals, 50).toFixed(1)} p95_ms=${percentile(totals, 95).toFixed(1)} peak_rss_mb=${rssMb.toFixed(1)}`);
  console.log(adaptation);
  return 0;
}

/**
 * Clinic adaptation's cost: a profile that moves every landmark, applied to each film's stored
 * landmarks; a profile rebuilt from 100 films.
 */
async function benchAdaptation(detector: LandmarkDetector, films: readonly Buffer[]): Promise<string> {
  const k = detector.manifest.landmarks.length;
  const corrections: FilmCorrection[] = Array.from({ length: 100 }, (_, f) => ({
    snMm: null,
    offsets: Object.fromEntries(
      MODEL_OUTPUT_IDS_V1.flatMap((id, i) => (id ? [[id, { u: 0.01 * Math.sin(i + f), v: 0.01 * Math.cos(i * f) }]] : [])),
    ) as FilmCorrection['offsets'],
  }));
  const builds: number[] = [];
  for (let r = 0; r < 20; r++) {
    const t0 = performance.now();
    buildProfile(corrections);
    builds.push(performance.now() - t0);
  }
  const profile = buildProfile(corrections);
  const applies: number[] = [];
  for (const bytes of films) {
    const r = await detector.detect(bytes);
    if (r.status !== 'ok') continue;
    const stored = r.landmarks.map((l) => ({ cname: l.index, name: l.name, x: l.x, y: l.y, confidence: l.confidence }));
    const t0 = performance.now();
    adaptModelLandmarks(profile, stored);
    applies.push(performance.now() - t0);
  }
  return (
    `adaptation_apply_p50_ms=${percentile(applies, 50).toFixed(3)} adaptation_apply_max_ms=${Math.max(...applies).toFixed(3)} ` +
    `profile_build_100_films_p50_ms=${percentile(builds, 50).toFixed(2)} (${k} landmarks)`
  );
}

runMain(main, 'message');
