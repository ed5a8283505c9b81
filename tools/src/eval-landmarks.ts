/**
 * npm run eval:landmarks -- --split test1 [--manifest <path>] [--model <manifest.json>] [--out <dir>] [--limit N] [--review-threshold T]
 *     [--adapt K[,K...]]... [--draws N] [--seed S]
 * Runs the production detector on every image of a dataset split and prints, per landmark and in
 * all: MRE, SD, SDR at 2/2.5/3/4 mm, the error in px and as % of the image's S-N length, and the
 * mean signed offset; the model beside the two annotators where the manifest has them; and how the
 * viewer's "for review" flag finds landmarks more than 2 mm and more than 4 mm off (at its
 * threshold, and among the 10% least confident). Model outputs are matched to the manifest's
 * landmarks by name. Images whose near-duplicate sits in another split are also reported apart. A
 * manifest without a known spacing (pixel_spacing_mm null) is scored at its
 * pixel_spacing_estimate_mm, and every mm figure says so. A landmark the manifest gives as null is
 * not annotated on that film and is skipped.
 *
 * --adapt K simulates clinic adaptation (landmark-eval-adapt.ts): the clinic corrects K films, the
 * others are scored with what it learned, over --draws (default 20) orders drawn from --seed
 * (default 1). metrics.json then holds `adaptation` (the first K) and `adaptations` (every K, in
 * the order given: `--adapt 10,20` or `--adapt 10 --adapt 20`). Each film is detected once.
 *
 * --definitions Po=machine[,Go=constructed][,Me=lowest] applies the landmark definitions a clinic
 * chose in Settings to every detection first (eval-definitions.ts), so both the zero-shot figures
 * and the adaptation learn on top of them; metrics.json records them under `definitions`.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LandmarkDetector, defaultModelManifestPath } from '../../apps/server/src/inference/index.ts';
import { datasetDir, evalDatasetManifestSchema, leakingIds, userPath } from '../../apps/server/src/cli/dataset-manifest.ts';
import { evaluateDetections, imageSpacing, matchLandmarks, type PredictedPoint } from './landmark-eval.ts';
import { DEFAULT_DRAWS, DEFAULT_SEED, parseAdaptFilms, simulateAdaptation } from './landmark-eval-adapt.ts';
import { reportLines, reportMarkdown } from './landmark-eval-format.ts';
import { defineDetection, parseDefinitions } from './eval-definitions.ts';
import { runMain } from './bench-cli';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      split: { type: 'string' },
      manifest: { type: 'string' },
      model: { type: 'string' },
      out: { type: 'string' },
      limit: { type: 'string' },
      'review-threshold': { type: 'string' },
      adapt: { type: 'string', multiple: true },
      draws: { type: 'string' },
      seed: { type: 'string' },
      definitions: { type: 'string' },
    },
  });
  const dir = datasetDir();
  const manifestPath = values.manifest ? userPath(values.manifest) : dir ? resolve(dir, 'manifest.json') : null;
  if (!manifestPath) {
    console.error('No dataset: pass --manifest <path> or set CEPH_DATASET_DIR.');
    return 2;
  }
  const manifest = evalDatasetManifestSchema.parse(JSON.parse(await readFile(manifestPath, 'utf8')));
  const baseDir = dirname(manifestPath);
  const split = values.split ?? 'test1';
  const ids = manifest.splits[split];
  if (!ids) {
    console.error(`Unknown split "${split}"; the manifest has: ${Object.keys(manifest.splits).join(', ')}`);
    return 2;
  }
  const flagThreshold = values['review-threshold'] === undefined ? undefined : Number(values['review-threshold']);
  if (flagThreshold !== undefined && !(flagThreshold >= 0 && flagThreshold <= 1)) {
    console.error('--review-threshold must be a confidence in 0..1.');
    return 2;
  }
  const adaptFilms = parseAdaptFilms(values.adapt ?? []);
  const definitions = parseDefinitions(values.definitions);
  const draws = values.draws === undefined ? DEFAULT_DRAWS : Number(values.draws);
  const seed = values.seed === undefined ? DEFAULT_SEED : Number(values.seed);
  if (!Number.isInteger(draws) || draws < 1 || !Number.isInteger(seed)) {
    console.error('--draws must be a positive whole number and --seed a whole number.');
    return 2;
  }
  const byId = new Map(manifest.images.map((im) => [im.id, im]));
  const images = ids.slice(0, values.limit ? Number(values.limit) : ids.length).flatMap((id) => byId.get(id) ?? []);
  for (const im of images) imageSpacing(manifest, im); // fail before minutes of inference, not after
  const tooMany = adaptFilms.find((k) => k >= images.length);
  if (tooMany !== undefined) {
    console.error(`--adapt ${tooMany}: the split has ${images.length} films; at least one must be left to score.`);
    return 2;
  }

  const detector = await LandmarkDetector.load(values.model ? userPath(values.model) : defaultModelManifestPath());
  // The model manifest gains review.confidence_threshold (the viewer's "for review" flag); optional until it does.
  const modelThreshold = (detector.manifest as { review?: { confidence_threshold?: number } }).review?.confidence_threshold;
  const { matched, unmatched } = matchLandmarks(manifest.landmark_names, detector.manifest.landmarks);
  const leaks = await leakingIds(manifestPath, manifest, split);
  const predictions = new Map<string, PredictedPoint[] | 'refused'>();
  const found: Record<string, { found: number; films: number }> = {};
  for (const im of images) {
    const bytes = await readFile(resolve(baseDir, im.file));
    const result = await detector.detect(bytes);
    if (result.status !== 'ok') {
      predictions.set(im.id, 'refused');
      continue;
    }
    if (!definitions) {
      predictions.set(im.id, result.landmarks);
      continue;
    }
    const defined = await defineDetection(bytes, result.landmarks, detector.manifest.landmarks, definitions);
    predictions.set(im.id, defined.landmarks);
    for (const a of defined.applied) {
      const row = (found[`${a.id}=${a.choice}`] ??= { found: 0, films: 0 });
      row.films++;
      if (a.found) row.found++;
    }
  }
  const report = evaluateDetections({ manifest, predictions, matched, leaks, reviewThreshold: flagThreshold ?? modelThreshold ?? null });
  const adaptations = adaptFilms.length
    ? simulateAdaptation({
        manifest,
        predictions,
        modelLandmarks: detector.manifest.landmarks,
        films: adaptFilms,
        draws,
        seed,
        reviewThreshold: flagThreshold ?? modelThreshold ?? null,
      })
    : undefined;
  const { refused, n_images } = report;
  const header =
    `model ${detector.manifest.id} ${detector.manifest.version} (trained on ` +
    `${detector.manifest.trained_on}); manifest ${manifestPath}; split ${split}; ` +
    `${n_images} images, ${refused.length} refused${refused.length ? ` (${refused.join(', ')})` : ''}; ` +
    `${matched.length} landmarks matched by name${unmatched.length ? `, unmatched: ${unmatched.join(', ')}` : ''}`;
  console.log(reportLines(report, { header, split, leaks: leaks.size, adaptations }).join('\n'));
  if (definitions)
    console.log(
      `definitions ${Object.entries(found)
        .map(([k, v]) => `${k} (found on ${v.found} of ${v.films} films; elsewhere the model's point)`)
        .join(', ')}`,
    );
  if (values.out) {
    const out = userPath(values.out);
    await mkdir(out, { recursive: true });
    const metrics = {
      model: detector.modelRef,
      trained_on: detector.manifest.trained_on,
      manifest: manifestPath,
      split,
      ...report,
      ...(adaptations && { adaptation: adaptations[0], adaptations }),
      ...(definitions && { definitions: { profile: definitions, found } }),
      unmatched_landmarks: unmatched,
    };
    await writeFile(resolve(out, 'metrics.json'), JSON.stringify(metrics, null, 2));
    const title = `Landmark accuracy: ${detector.manifest.id} ${detector.manifest.version}`;
    const intro =
      `Split \`${split}\` of \`${manifestPath}\`: ${n_images} images, ${refused.length} ` +
      `refused. Model trained on: ${detector.manifest.trained_on}.`;
    await writeFile(resolve(out, 'report.md'), reportMarkdown(report, { header, split, leaks: leaks.size, adaptations, title, intro }));
  }
  return 0;
}

runMain(main, 'message');
