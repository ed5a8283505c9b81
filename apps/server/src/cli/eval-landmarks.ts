/**
 * npm run eval:landmarks -- --split test1 [--manifest <path>] [--model <manifest.json>] [--out <dir>] [--limit N]
 * Runs the production detector on every image of a dataset split and prints MRE, SD, SDR at
 * 2/2.5/3/4 mm and a per-landmark table; model outputs are matched to the manifest's landmarks by
 * name. Images whose near-duplicate sits in another split are also reported apart.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LandmarkDetector, defaultModelManifestPath } from '../inference/index.ts';
import { datasetDir, leakingIds, loadDatasetManifest, userPath } from './dataset-manifest.ts';
import { SDR_THRESHOLDS_MM, summarise, type AccuracySummary } from './landmark-metrics.ts';

const norm = (s: string) => s.trim().toLowerCase();

function table(rows: [string, AccuracySummary][]): string {
  const head = `| landmark | n | MRE mm | SD mm | ${SDR_THRESHOLDS_MM.map((t) => `SDR ${t} mm`).join(' | ')} |`;
  const sep = `|---|---|---|---|${SDR_THRESHOLDS_MM.map(() => '---').join('|')}|`;
  const body = rows.map(([name, s]) => `| ${name} | ${s.n} | ${s.mre_mm.toFixed(3)} | ${s.sd_mm.toFixed(3)} | ${SDR_THRESHOLDS_MM.map((t) => s.sdr[String(t)]!.toFixed(1)).join(' | ')} |`);
  return [head, sep, ...body].join('\n');
}

function line(label: string, s: AccuracySummary): string {
  return `${label}: n=${s.n} MRE=${s.mre_mm.toFixed(3)} mm SD=${s.sd_mm.toFixed(3)} mm ${SDR_THRESHOLDS_MM.map((t) => `SDR@${t}=${s.sdr[String(t)]!.toFixed(2)}%`).join(' ')}`;
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { split: { type: 'string' }, manifest: { type: 'string' }, model: { type: 'string' }, out: { type: 'string' }, limit: { type: 'string' } } });
  const dir = datasetDir();
  const manifestPath = values.manifest ? userPath(values.manifest) : dir ? resolve(dir, 'manifest.json') : null;
  if (!manifestPath) {
    console.error('No dataset: pass --manifest <path> or set CEPH_DATASET_DIR.');
    return 2;
  }
  const { manifest, baseDir } = await loadDatasetManifest(manifestPath);
  const split = values.split ?? 'test1';
  const ids = manifest.splits[split];
  if (!ids) {
    console.error(`Unknown split "${split}"; the manifest has: ${Object.keys(manifest.splits).join(', ')}`);
    return 2;
  }
  const detector = await LandmarkDetector.load(values.model ? userPath(values.model) : defaultModelManifestPath());
  const modelIndex = new Map(detector.manifest.landmarks.map((l) => [norm(l.name), l.index]));
  const matched = manifest.landmark_names.map((n, j) => ({ name: n, j, k: modelIndex.get(norm(n)) })).filter((m) => m.k !== undefined);
  const unmatched = manifest.landmark_names.filter((n) => !modelIndex.has(norm(n)));
  const leaks = await leakingIds(manifestPath, manifest, split);
  const byId = new Map(manifest.images.map((im) => [im.id, im]));
  const limit = values.limit ? Number(values.limit) : ids.length;
  const all: number[] = [];
  const clean: number[] = [];
  const per = new Map<string, number[]>(matched.map((m) => [m.name, []]));
  const refused: string[] = [];
  const times: number[] = [];
  for (const id of ids.slice(0, limit)) {
    const im = byId.get(id);
    if (!im) continue;
    const result = await detector.detect(await readFile(resolve(baseDir, im.file)));
    times.push(result.timingsMs.total ?? NaN);
    if (result.status !== 'ok') {
      refused.push(id);
      continue;
    }
    for (const m of matched) {
      const gt = im.landmarks[m.j];
      const p = result.landmarks[m.k!];
      if (!gt || !p) continue;
      const e = Math.hypot(p.x - gt[0], p.y - gt[1]) * manifest.pixel_spacing_mm;
      all.push(e);
      per.get(m.name)!.push(e);
      if (!leaks.has(id)) clean.push(e);
    }
  }
  const whole = summarise(all);
  const withoutDup = summarise(clean);
  const perLandmark = Object.fromEntries([...per].map(([n, e]) => [n, summarise(e)]));
  const n_images = Math.min(limit, ids.length);
  console.log(`model ${detector.manifest.id} ${detector.manifest.version} (trained on ${detector.manifest.trained_on}); manifest ${manifestPath}; split ${split}; ${n_images} images, ${refused.length} refused${refused.length ? ` (${refused.join(', ')})` : ''}; ${matched.length} landmarks matched by name${unmatched.length ? `, unmatched: ${unmatched.join(', ')}` : ''}`);
  console.log(table([...Object.entries(perLandmark)]));
  console.log(line(`${split} without ${leaks.size} images with a near-duplicate in another split`, withoutDup));
  console.log(line(`${split} whole`, whole));
  if (values.out) {
    const out = userPath(values.out);
    await mkdir(out, { recursive: true });
    const metrics = { model: detector.modelRef, trained_on: detector.manifest.trained_on, manifest: manifestPath, split, n_images, refused, ...whole, per_landmark: perLandmark, without_duplicates: { excluded_ids: [...leaks].sort(), ...withoutDup }, unmatched_landmarks: unmatched };
    await writeFile(resolve(out, 'metrics.json'), JSON.stringify(metrics, null, 2));
    const md = [`# Landmark accuracy: ${detector.manifest.id} ${detector.manifest.version}`, '', `Split \`${split}\` of \`${manifestPath}\`: ${n_images} images, ${refused.length} refused. Model trained on: ${detector.manifest.trained_on}.`, '', `- ${line('whole', whole)}`, `- ${line(`without ${leaks.size} near-duplicates of other splits`, withoutDup)}`, '', table([...Object.entries(perLandmark)]), ''].join('\n');
    await writeFile(resolve(out, 'report.md'), md);
  }
  return 0;
}

main().then((code) => process.exit(code), (err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(2);
});
