import { describe, expect, it } from 'vitest';
import { datasetManifestSchema, evalDatasetManifestSchema, type EvalDatasetManifest } from '../../apps/server/src/cli/dataset-manifest.ts';
import { auroc, evaluateDetections, imageSpacing, matchLandmarks, type PredictedPoint } from '../src/landmark-eval.ts';
import { reportLines, reportMarkdown } from '../src/landmark-eval-format.ts';

type Xy = [number, number];
const shift = (pts: Xy[], dy: number): Xy[] => pts.map(([x, y]) => [x, y + dy]);

// Made up. Spacing unknown (estimate 0.1 mm/px) except img2, which has its own 0.2 mm/px. Each
// annotator sits 3 px above (A) or below (B) the truth, so A vs B is 6 px everywhere and their mean
// is the truth. img3 is refused by the detector.
const gt1: Xy[] = [
  [0, 0],
  [100, 0],
  [50, 100],
]; // S-N 100 px
const gt2: Xy[] = [
  [10, 10],
  [60, 10],
  [30, 80],
]; // S-N 50 px
const gt3: Xy[] = [
  [0, 0],
  [80, 0],
  [40, 90],
];
const raw = {
  pixel_spacing_mm: null,
  pixel_spacing_estimate_mm: 0.1,
  landmark_names: ['Sella', 'Nasion', 'Menton'],
  splits: { crossdevice: ['img1', 'img2', 'img3'] },
  images: [
    { id: 'img1', file: 'images/1.jpg', width: 200, height: 200, landmarks: gt1, annotator_a: shift(gt1, -3), annotator_b: shift(gt1, 3) },
    {
      id: 'img2',
      file: 'images/2.jpg',
      width: 200,
      height: 200,
      pixel_spacing_mm: 0.2,
      landmarks: gt2,
      annotator_a: shift(gt2, -3),
      annotator_b: shift(gt2, 3),
    },
    { id: 'img3', file: 'images/3.jpg', width: 200, height: 200, landmarks: gt3, annotator_a: shift(gt3, -3), annotator_b: shift(gt3, 3) },
  ],
};
const manifest = evalDatasetManifestSchema.parse(raw);

// The model names its landmarks in another order and case: matching is by name.
const model = [
  { name: 'menton', index: 0 },
  { name: 'SELLA', index: 1 },
  { name: 'Nasion', index: 2 },
  { name: 'Porion', index: 3 },
];
const { matched, unmatched } = matchLandmarks(manifest.landmark_names, model);
const p = (x: number, y: number, confidence: number): PredictedPoint => ({ x, y, confidence });
// Errors (px -> mm): img1 S (3,4) 5 px 0.5 mm, N (0,30) 30 px 3 mm, M 0; img2 S (0,10) 10 px 2 mm, N 0, M (12,-5) 13 px 2.6 mm.
const predictions = new Map<string, PredictedPoint[] | 'refused'>([
  ['img1', [p(50, 100, 0.6), p(3, 4, 0.9), p(100, 30, 0.2), p(0, 0, 0)]],
  ['img2', [p(42, 75, 0.55), p(10, 20, 0.55), p(60, 10, 0.95), p(0, 0, 0)]],
  ['img3', 'refused'],
]);
const report = evaluateDetections({ manifest, predictions, matched, leaks: new Set(['img2']), reviewThreshold: 0.3 });

describe('evaluateDetections on a tiny made-up manifest', () => {
  it('matches landmarks by name, case-insensitively', () => {
    expect(matched).toEqual([
      { name: 'Sella', j: 0, k: 1 },
      { name: 'Nasion', j: 1, k: 2 },
      { name: 'Menton', j: 2, k: 0 },
    ]);
    expect(unmatched).toEqual([]);
  });

  it('counts the refused image and scores the others', () => {
    expect(report.n_images).toBe(3);
    expect(report.refused).toEqual(['img3']);
    expect(report.n).toBe(6);
  });

  it('uses each image its own spacing, else the estimate, and says so', () => {
    expect(report.spacing).toEqual({ mm: 0.1, estimate: true, images_at_estimate: 1, images_with_own_spacing: 1 });
  });

  it('reports errors in mm, px and % of S-N', () => {
    expect(report.mre_mm).toBeCloseTo((0.5 + 3 + 0 + 2 + 0 + 2.6) / 6, 12);
    expect(report.sd_mm).toBeCloseTo(Math.sqrt(9.075 / 6), 12);
    expect(report.sdr).toEqual({ '2': (100 * 4) / 6, '2.5': (100 * 4) / 6, '3': 100, '4': 100 });
    expect(report.mre_px).toBeCloseTo((5 + 30 + 0 + 10 + 0 + 13) / 6, 12);
    expect(report.mre_pct_sn).toBeCloseTo((5 + 30 + 0 + 20 + 0 + 26) / 6, 12);
    expect(report.without_duplicates).toMatchObject({ excluded_ids: ['img2'], n: 3 });
    expect(report.without_duplicates.mre_mm).toBeCloseTo(3.5 / 3, 12);
  });

  it('gives each landmark its mean signed offset in mm', () => {
    const { Sella: s, Nasion: n, Menton: m } = report.per_landmark;
    expect([s!.dx_mm, s!.dy_mm, s!.mre_px, s!.mre_mm, s!.mre_pct_sn]).toEqual(
      [0.15, 1.2, 7.5, 1.25, 12.5].map((v) => expect.closeTo(v, 12)),
    );
    expect([n!.dx_mm, n!.dy_mm, n!.mre_px]).toEqual([0, 1.5, 15].map((v) => expect.closeTo(v, 12)));
    expect([m!.dx_mm, m!.dy_mm, m!.mre_px]).toEqual([1.2, -0.5, 6.5].map((v) => expect.closeTo(v, 12)));
  });

  it('puts the model beside the two annotators', () => {
    const a = report.annotators!;
    expect(a.n).toBe(6);
    expect(a.inter_annotator_mre_px).toBeCloseTo(6, 12);
    expect(a.inter_annotator_mre_mm).toBeCloseTo((3 * 0.6 + 3 * 1.2) / 6, 12);
    expect(a.model_vs_mean_mre_mm).toBeCloseTo(report.mre_mm, 12);
    expect(a.model_vs_mean_mre_px).toBeCloseTo(report.mre_px, 12);
    // vs A: the truth is 3 px higher up, so every dy grows by 3 px; vs B it shrinks by 3 px.
    expect(a.model_vs_a_mre_mm).toBeCloseTo((Math.hypot(3, 7) * 0.1 + 3.3 + 0.3 + 2.6 + 0.6 + Math.hypot(12, -2) * 0.2) / 6, 12);
    expect(a.model_vs_b_mre_mm).toBeCloseTo((Math.hypot(3, 1) * 0.1 + 2.7 + 0.3 + 1.4 + 0.6 + Math.hypot(12, -8) * 0.2) / 6, 12);
    expect(a.per_landmark.Sella!.inter_mm).toBeCloseTo(0.9, 12);
    expect(a.per_landmark.Sella!.model_mm).toBeCloseTo(1.25, 12);
  });

  it('scores the review flag: recall of errors > 2 mm, share flagged, AUROC', () => {
    // Over 2 mm: img1 N (confidence 0.2) and img2 M (0.55); img2 S is exactly 2 mm, not over.
    // Flagged at < 0.3: img1 N only. AUROC: 1 - confidence of the two positives (0.8, 0.45) against
    // the four negatives (0.1, 0.4, 0.45, 0.05): 4 + 3.5 of 8 pairs.
    // The 10% least confident: 0.6 of a point, img1 N (0.2), which is over 2 mm: 0.6 of the 2 caught.
    // None is over 4 mm: no gross recall, no AUROC.
    expect(report.review).toEqual({
      threshold: 0.3,
      recall: 0.5,
      flagged_share: 1 / 6,
      auroc: 7.5 / 8,
      recall_least_confident_10pct: expect.closeTo(0.3, 12),
      n_over_2mm: 2,
      n: 6,
      gross: { threshold: 0.3, recall: null, flagged_share: 1 / 6, auroc: NaN, recall_least_confident_10pct: null, n_over_4mm: 0, n: 6 },
    });
  });

  it('leaves the flag out without a threshold but still gives the AUROC', () => {
    const r = evaluateDetections({ manifest, predictions, matched, reviewThreshold: null });
    expect(r.review).toMatchObject({ threshold: null, recall: null, flagged_share: null, auroc: 7.5 / 8 });
  });

  it('leaves a landmark one annotator left out (null) out of the annotator comparison only', () => {
    const gap = evalDatasetManifestSchema.parse({
      ...raw,
      images: raw.images.map((im) => (im.id === 'img1' ? { ...im, annotator_a: [...im.annotator_a.slice(0, 2), null] } : im)),
    });
    const r = evaluateDetections({ manifest: gap, predictions, matched, reviewThreshold: null });
    expect([r.n, r.annotators!.n, r.annotators!.inter_annotator_mre_px]).toEqual([6, 5, 6]);
  });

  it('has no annotator block when the manifest has no annotators', () => {
    const plain = evalDatasetManifestSchema.parse({ ...raw, images: raw.images.map(({ annotator_a: _a, annotator_b: _b, ...im }) => im) });
    expect(evaluateDetections({ manifest: plain, predictions, matched, reviewThreshold: null }).annotators).toBeUndefined();
  });

  it('prints the estimate beside every mm figure', () => {
    const lines = reportLines(report, { header: 'model x 1.0.0', split: 'crossdevice', leaks: 1 });
    const text = lines.join('\n');
    expect(text).toContain('spacing: 0.1 mm/px is an ESTIMATE');
    expect(text).toContain(
      '| Sella | 2 | 1.250 | 0.750 | 100.0 | 100.0 | 100.0 | 100.0 | 7.50 | 12.50 | +0.150 | +1.200 | 0.900 | 1.250 |',
    );
    for (const l of lines.filter((x) => / mm( |$)/.test(x) && !x.startsWith('|') && !x.startsWith('spacing')))
      expect(l).toContain('(mm at the estimated spacing 0.1 mm/px for 1 of 2 images, the others at their own spacing)');
    expect(text).toContain(
      'review flag (confidence < 0.3): flags 16.7% of landmarks; catches 50.0% (1 of 2) of those with ' +
        'error > 2 mm; AUROC of (1 - confidence) for error > 2 mm: 0.938',
    );
    expect(reportMarkdown(report, { header: '', split: 'crossdevice', leaks: 1, title: 'T', intro: 'I' })).toContain(
      '| landmark | n | MRE mm |',
    );
  });
});

describe('auroc', () => {
  it.each([
    { name: 'perfect', pos: [0.9, 0.8], neg: [0.1, 0.2], want: 1 },
    { name: 'inverted', pos: [0.1], neg: [0.5, 0.9], want: 0 },
    { name: 'one tie counts half', pos: [0.9, 0.5], neg: [0.5, 0.1, 0.2], want: 5.5 / 6 },
    { name: 'all tied', pos: [0.3, 0.3], neg: [0.3], want: 0.5 },
    { name: 'no positives', pos: [], neg: [0.3], want: NaN },
  ])('$name', ({ pos, neg, want }) => {
    const samples = [...pos.map((score) => ({ score, positive: true })), ...neg.map((score) => ({ score, positive: false }))];
    expect(auroc(samples)).toBe(want);
  });
});

describe('dataset manifest schemas', () => {
  const isbiStyle = {
    name: 'isbi-like',
    pixel_spacing_mm: 0.2,
    original_pixel_spacing_mm: 0.1,
    landmark_names: ['Sella', 'Nasion'],
    splits: { train: ['001'], test1: ['002'] },
    isbi_duplicate_image_pairs: [['001', '002']],
    images: ['001', '002'].map((id) => ({
      id,
      file: `images/${id}.jpg`,
      width: 968,
      height: 1200,
      landmarks: [
        [1, 2],
        [3, 4],
      ],
      senior: null,
      junior: null,
      isbi_classes: { ANB: 3 },
    })),
  };

  it('still reads the old calibrated manifest, with both schemas', () => {
    expect(datasetManifestSchema.parse(isbiStyle).pixel_spacing_mm).toBe(0.2);
    const m: EvalDatasetManifest = evalDatasetManifestSchema.parse(isbiStyle);
    expect(imageSpacing(m, m.images[0]!)).toEqual({ mm: 0.2, estimate: false });
  });

  it('reads an unknown spacing only where the evaluation can say it is an estimate', () => {
    const hamedanStyle = { ...isbiStyle, pixel_spacing_mm: null, pixel_spacing_estimate_mm: 0.122 };
    expect(datasetManifestSchema.safeParse(hamedanStyle).success).toBe(false);
    const m = evalDatasetManifestSchema.parse(hamedanStyle);
    expect(imageSpacing(m, m.images[0]!)).toEqual({ mm: 0.122, estimate: true });
  });

  it('refuses to guess when no spacing is given at all', () => {
    const m = evalDatasetManifestSchema.parse({ ...isbiStyle, pixel_spacing_mm: null });
    expect(() => imageSpacing(m, m.images[0]!)).toThrow(/Image 001 has no pixel spacing/);
  });
});
