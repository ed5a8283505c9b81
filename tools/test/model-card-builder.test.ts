import { modelCardEvaluationSchema, modelCardSchema, type ModelCard } from '@ceppro/contract';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { evalDatasetManifestSchema } from '../../apps/server/src/cli/dataset-manifest.ts';
import { evaluateDetections, matchLandmarks, type PredictedPoint } from '../src/landmark-eval.ts';
import { simulateAdaptation } from '../src/landmark-eval-adapt.ts';
import { evaluationOf, markdownTables, metricsSchema } from '../src/model-card.ts';

const ROOT = path.join(import.meta.dirname, '../..');

/*
 * metrics.json as eval:landmarks --adapt 20,10 writes it, from 24 made-up films at 0.1 mm/px:
 * Sella, Nasion and Menton found exactly, Porion found 30 px (3 mm) in front of where the
 * reference puts it on every film, at a low confidence on the even films. S-N runs along x.
 */
function newMetrics(): unknown {
  const names = ['Sella', 'Nasion', 'Porion', 'Menton'];
  const model = names.map((name, index) => ({ name, index }));
  const ids = Array.from({ length: 24 }, (_, i) => `f${i}`);
  const truth = (i: number): [number, number][] => [
    [100 + i, 200],
    [800 + i, 200],
    [20 + i, 400],
    [600 + i, 1100],
  ];
  const manifest = evalDatasetManifestSchema.parse({
    pixel_spacing_mm: null,
    pixel_spacing_estimate_mm: 0.1,
    landmark_names: names,
    splits: { crossdevice: ids },
    images: ids.map((id, i) => ({ id, file: `${id}.jpg`, width: 1200, height: 1400, landmarks: truth(i) })),
  });
  const predictions = new Map<string, PredictedPoint[]>(
    ids.map((id, i) => [id, truth(i).map(([x, y], j) => ({ x: j === 2 ? x + 30 : x, y, confidence: j === 2 && i % 2 === 0 ? 0.2 : 0.9 }))]),
  );
  const { matched } = matchLandmarks(names, model);
  const report = evaluateDetections({ manifest, predictions, matched, reviewThreshold: 0.5 });
  const adaptations = simulateAdaptation({ manifest, predictions, modelLandmarks: model, films: [20, 10] });
  const metrics = { model: 'x@1', split: 'crossdevice', ...report, adaptation: adaptations[0], adaptations, unmatched_landmarks: [] };
  return JSON.parse(JSON.stringify(metrics)) as unknown;
}

const shortNames = new Map([['porion', 'Po']]);

describe('the model card from eval:landmarks metrics', () => {
  const evaluation = evaluationOf('hamedan', metricsSchema.parse(newMetrics()), shortNames);

  it('carries the adaptation after each number of corrected films, fewest first', () => {
    expect(modelCardEvaluationSchema.parse(evaluation)).toEqual(evaluation);
    expect(evaluation.adaptation?.map((a) => a.films)).toEqual([10, 20]);
    const [after10] = evaluation.adaptation!;
    // Raw: Porion 3 mm off on every film, the other three exact.
    expect(after10).toMatchObject({ draws: 20, raw_mre_mm: expect.closeTo(0.75, 9), raw_sdr2: 75 });
    expect(after10!.mre_mm).toBeLessThan(0.1);
    expect(after10!.sdr2).toBe(100);
  });

  it('carries the flag against gross errors', () => {
    // Over 4 mm: none, so no gross figures; over 2 mm: the 24 Poria, the 12 flagged ones caught.
    expect(evaluation.review).toEqual({ threshold: 0.5, recall: 0.5, flagged_share: 12 / 96, auroc: 0.75 });
  });

  it('writes them into the README tables', () => {
    // A set with errors over 4 mm: its gross figures as eval:landmarks writes them.
    const written = newMetrics() as { review: object };
    const gross = metricsSchema.parse({
      ...written,
      review: { ...written.review, gross: { recall: 0.5, recall_least_confident_10pct: 0.4, auroc: 0.75 } },
    });
    const e = evaluationOf('hamedan', gross, shortNames);
    expect(e.review?.gross).toEqual({ recall: 0.5, recall_least_confident_10pct: 0.4, auroc: 0.75 });
    const card = { evaluations: [e], model: { id: 'm', version: '2' } } as unknown as ModelCard;
    const text = markdownTables(card);
    expect(text).toContain(
      'of the landmarks over 4 mm, the flag catches 50.0 % and the 10 % least confident landmarks hold 40.0 %; AUROC 0.750.',
    );
    expect(text).toMatch(/clinic adaptation \(the clinic's first films corrected, its next films scored; 20 random orders\): /);
    expect(text).toMatch(
      /: after 10 corrected films 0\.0\d\d mm, SDR 2 mm 100\.0 %; after 20 corrected films 0\.0\d\d mm, SDR 2 mm 100\.0 %; /,
    );
    expect(text).toContain('; the same films without adaptation 0.750 mm, SDR 2 mm 75.0 % (mm at the estimated 0.1 mm/px).');
  });

  it('reads metrics written before the adaptation and the gross figures, as before', async () => {
    // The shipped metrics with what eval:landmarks wrote before model 2.1.0 only.
    const shipped = JSON.parse(await readFile(path.join(ROOT, 'models/eval/isbi2015-test1/metrics.json'), 'utf8')) as Record<
      string,
      unknown
    > & { review: Record<string, unknown> };
    const { adaptation: _a, adaptations: _as, ...before } = shipped;
    const { gross: _g, ...review } = shipped.review;
    const old = metricsSchema.parse({ ...before, review });
    const e = evaluationOf('isbi2015-test1', old, shortNames);
    expect(e.adaptation).toBeUndefined();
    expect(e.review?.gross).toBeUndefined();
  });

  it('still parses the committed card and the test fixture', async () => {
    for (const file of ['models/ceph-landmarks-v2.card.json', 'apps/server/test/fixtures/model-card.json'])
      expect(modelCardSchema.safeParse(JSON.parse(await readFile(path.join(ROOT, file), 'utf8'))).success).toBe(true);
  });
});
