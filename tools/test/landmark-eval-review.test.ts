import { describe, expect, it } from 'vitest';
import { datasetManifestSchema, evalDatasetManifestSchema } from '../../apps/server/src/cli/dataset-manifest.ts';
import { evaluateDetections, leastConfidentWeights, matchLandmarks, type PredictedPoint } from '../src/landmark-eval.ts';
import { grossReviewLine, reviewLine } from '../src/landmark-eval-format.ts';

type Xy = [number, number];
const names = ['Sella', 'Nasion'];
const model = names.map((name, index) => ({ name, index }));
const { matched } = matchLandmarks(names, model);
const truth: Xy[] = [
  [100, 100],
  [800, 100],
];
const image = (id: string, extra: object = {}) => ({ id, file: `${id}.jpg`, width: 1000, height: 1000, landmarks: truth, ...extra });

describe('review figures on 20 hand-made points (10 films x Sella, Nasion; 0.1 mm/px)', () => {
  // Each point: its error in mm (an x offset of 10 px per mm) and its confidence.
  //   gross (> 4 mm): 5 mm at 0.1, 0.35, 0.8
  //   over 2 mm only: 3 mm at 0.15, 0.5
  //   within 2 mm:    1 mm at the other 15 confidences
  const points: [number, number][] = [
    [5, 0.1],
    [5, 0.35],
    [5, 0.8],
    [3, 0.15],
    [3, 0.5],
    ...[0.2, 0.3, 0.4, 0.45, 0.55, 0.6, 0.65, 0.7, 0.75, 0.85, 0.9, 0.92, 0.94, 0.96, 0.98].map((c): [number, number] => [1, c]),
  ];
  const manifest = evalDatasetManifestSchema.parse({
    pixel_spacing_mm: 0.1,
    landmark_names: names,
    splits: { test: [] },
    images: Array.from({ length: 10 }, (_, i) => image(`f${i}`)),
  });
  const predictions = new Map<string, PredictedPoint[]>(
    Array.from({ length: 10 }, (_, i) => [
      `f${i}`,
      [0, 1].map((j) => {
        const [errMm, confidence] = points[2 * i + j]!;
        return { x: truth[j]![0] + errMm * 10, y: truth[j]![1], confidence };
      }),
    ]),
  );
  const { review } = evaluateDetections({ manifest, predictions, matched, reviewThreshold: 0.4 });

  it('keeps the 2 mm block as it was and adds the 10% least confident', () => {
    // Flagged (< 0.4): 0.1, 0.15, 0.2, 0.3, 0.35 = 5 of 20. Over 2 mm: 5, of which 0.1, 0.15, 0.35 flagged.
    // The 10% least confident = 2 points (0.1, 0.15): both over 2 mm.
    expect(review).toMatchObject({ threshold: 0.4, recall: 3 / 5, flagged_share: 5 / 20, recall_least_confident_10pct: 2 / 5 });
    expect([review.n_over_2mm, review.n]).toEqual([5, 20]);
  });

  it('scores the flag against gross errors (> 4 mm)', () => {
    // Over 4 mm: 0.1, 0.35, 0.8; flagged: 0.1, 0.35; among the 2 least confident: 0.1 only.
    // AUROC: each gross point against the 17 others, counting those less confident than it: 17 + 14 + 6 of 51.
    expect(review.gross).toEqual({
      threshold: 0.4,
      recall: 2 / 3,
      flagged_share: 5 / 20,
      auroc: 37 / 51,
      recall_least_confident_10pct: 1 / 3,
      n_over_4mm: 3,
      n: 20,
    });
  });

  it('prints both', () => {
    const r = evaluateDetections({ manifest, predictions, matched, reviewThreshold: 0.4 });
    expect(reviewLine(r)).toContain('catches 60.0% (3 of 5) of those with error > 2 mm;');
    expect(reviewLine(r)).toContain('the 10% least confident landmarks hold 40.0% of them');
    expect(grossReviewLine(r)).toBe(
      'review flag, gross errors (> 4 mm): the flag (confidence < 0.4) catches 66.7% (2 of 3); the 10% least ' +
        'confident landmarks hold 33.3% of them; AUROC 0.725; 3 of 20 landmarks over 4 mm',
    );
  });
});

describe('leastConfidentWeights', () => {
  it.each([
    { name: 'whole points', c: [0.9, 0.1, 0.5, 0.3], share: 0.5, want: [0, 1, 0, 1] },
    { name: 'a fraction of a point', c: [0.4, 0.1, 0.2, 0.3, 0.5], share: 0.1, want: [0, 0.5, 0, 0, 0] },
    { name: 'a tie at the cut shares the rest', c: [0.1, 0.2, 0.2, 0.5], share: 0.5, want: [1, 0.5, 0.5, 0] },
    { name: 'nothing', c: [], share: 0.1, want: [] },
  ])('$name', ({ c, share, want }) => {
    expect(leastConfidentWeights(c, share)).toEqual(want);
  });
});

describe('manifest landmarks left out (null) and per-image spacing', () => {
  const raw = {
    pixel_spacing_mm: 0.1,
    landmark_names: [...names, 'Menton'],
    splits: { test: ['a', 'b'] },
    images: [
      // a: Nasion not annotated, so no S-N either; b: its own spacing 0.2 mm/px.
      image('a', { landmarks: [[100, 100], null, [400, 900]] }),
      image('b', { landmarks: [...truth, [400, 900]], pixel_spacing_mm: 0.2 }),
    ],
  };
  const manifest = evalDatasetManifestSchema.parse(raw);
  const three = matchLandmarks(manifest.landmark_names, [...model, { name: 'Menton', index: 2 }]).matched;
  // Every prediction 10 px to the right of the truth; a's Nasion prediction lands anywhere.
  const at = (pts: Xy[]) => pts.map(([x, y]) => ({ x: x + 10, y, confidence: 0.5 }));
  const predictions = new Map([
    ['a', at([truth[0]!, [0, 0], [400, 900]])],
    ['b', at([...truth, [400, 900]])],
  ]);
  const r = evaluateDetections({ manifest, predictions, matched: three, reviewThreshold: 0.4 });

  it('reads null only where the evaluation can skip it', () => {
    expect(manifest.images[0]!.landmarks[1]).toBeNull();
    expect(datasetManifestSchema.safeParse(raw).success).toBe(false);
  });

  it('skips the missing landmark everywhere: no error, no S-N for its film', () => {
    expect(r.n).toBe(5);
    expect(r.per_landmark.Nasion!.n).toBe(1);
    expect(r.review.n).toBe(5);
    // S-N only on b (700 px): 10 px = 1.43% of it; a's points have no S-N.
    expect(r.mre_pct_sn).toBeCloseTo((100 * 10) / 700, 12);
    expect(r.per_landmark.Sella!.mre_pct_sn).toBeCloseTo((100 * 10) / 700, 12);
  });

  it('scores each film at its own spacing', () => {
    // 10 px: 1 mm on a (the set's 0.1 mm/px), 2 mm on b (its own 0.2 mm/px).
    expect(r.per_landmark.Sella!.mre_mm).toBeCloseTo(1.5, 12);
    expect(r.per_landmark.Nasion!.mre_mm).toBeCloseTo(2, 12);
    expect(r.mre_mm).toBeCloseTo((1 + 1 + 2 + 2 + 2) / 5, 12);
    expect(r.spacing).toEqual({ mm: 0.1, estimate: false, images_at_estimate: 0, images_with_own_spacing: 1 });
  });
});
