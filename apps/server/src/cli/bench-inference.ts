/**
 * npm run bench:inference [-- --n 20 --model <manifest.json>]
 * Full production path per image (decode, preprocess, both networks, heatmap decoding) over
 * dataset images; prints per-stage medians and ends with `p50_ms=<n> p95_ms=<n> peak_rss_mb=<n>`.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LandmarkDetector, defaultModelManifestPath } from '../inference/index.ts';
import { datasetDir, loadDatasetManifest, userPath } from './dataset-manifest.ts';
import { percentile } from './landmark-metrics.ts';

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
  const detector = await LandmarkDetector.load(values.model ? userPath(values.model) : defaultModelManifestPath(), { threads: Number(values.threads ?? 2) });
  const images = await Promise.all(files.map((f) => readFile(f)));
  for (const img of images.slice(0, 2)) await detector.detect(img); // warm-up, not counted
  const totals: number[] = [];
  const stages = new Map<string, number[]>();
  for (const img of images) {
    const t0 = performance.now();
    const r = await detector.detect(img);
    totals.push(performance.now() - t0);
    for (const [k, v] of Object.entries(r.timingsMs)) stages.set(k, [...(stages.get(k) ?? []), v]);
  }
  const rssMb = process.resourceUsage().maxRSS / 1024;
  console.log(`${images.length} images (${manifest.images[0]?.width}x${manifest.images[0]?.height}), model ${detector.manifest.id}, ${values.threads ?? 2} threads`);
  console.log([...stages].map(([k, v]) => `${k} p50 ${percentile(v, 50).toFixed(1)} ms`).join(', '));
  console.log(`p50_ms=${percentile(totals, 50).toFixed(1)} p95_ms=${percentile(totals, 95).toFixed(1)} peak_rss_mb=${rssMb.toFixed(1)}`);
  return 0;
}

main().then((code) => process.exit(code), (err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(2);
});
