import { describe, expect, it } from 'vitest';
import { evalDatasetManifestSchema } from '../../apps/server/src/cli/dataset-manifest.ts';
import { drawOrders, parseAdaptFilms, simulateAdaptation } from '../src/landmark-eval-adapt.ts';
import { adaptationLine, adaptationTable, reportLines, reportMarkdown } from '../src/landmark-eval-format.ts';
import { evaluateDetections, matchLandmarks, type PredictedPoint } from '../src/landmark-eval.ts';

/*
 * 30 made-up films, 0.1 mm/px, S-N 700 px (70 mm), each turned a little. Where each landmark sits
 * is given in the film's S-N frame (u anterior along S-N, v inferior, in S-N lengths). The model
 * finds every landmark exactly except Porion: the clinic's Porion (the reference) sits
 * (-0.02, +0.03) S-N from the model's, i.e. 1.4 mm back and 2.1 mm down (2.52 mm), give or take
 * 0.001 S-N from film to film, so that the choice of the first films matters a little.
 */
const FRAME: Record<string, [number, number]> = {
  Sella: [0, 0],
  Nasion: [1, 0],
  Orbitale: [0.78, 0.2],
  Porion: [-0.12, 0.28],
  'Subspinale (A point)': [0.92, 0.62],
  'Supramentale (B point)': [0.85, 1.05],
  Pogonion: [0.86, 1.2],
  Menton: [0.78, 1.3],
  Gnathion: [0.84, 1.27],
  Gonion: [0.1, 1.05],
};
const names = Object.keys(FRAME);
const PO_SHIFT = { u: -0.02, v: 0.03 };
const SN_PX = 700;
const MM = 0.1;
// The model also gives Articulare, which the manifest lacks; its order differs from the manifest's.
const model = [...names, 'Articulare'].reverse().map((name, index) => ({ name, index }));

function place(i: number, u: number, v: number): [number, number] {
  const t = (i - 15) * 0.004;
  const s = { x: 200 + 3 * i, y: 300 - 2 * i };
  const along = { x: Math.cos(t), y: Math.sin(t) };
  const down = { x: -along.y, y: along.x };
  return [s.x + SN_PX * (u * along.x + v * down.x), s.y + SN_PX * (u * along.y + v * down.y)];
}

const jitter = (i: number) => 0.001 * Math.sin(1.7 * i);
const ids = Array.from({ length: 30 }, (_, i) => `f${String(i).padStart(2, '0')}`);

function dataset(nulls: Record<string, string[]> = {}) {
  const manifest = evalDatasetManifestSchema.parse({
    pixel_spacing_mm: MM,
    landmark_names: names,
    splits: { test: ids },
    images: ids.map((id, i) => ({
      id,
      file: `${id}.jpg`,
      width: 2000,
      height: 2000,
      landmarks: names.map((n) => {
        if (nulls[id]?.includes(n)) return null;
        const [u, v] = FRAME[n]!;
        return n === 'Porion' ? place(i, u + PO_SHIFT.u + jitter(i), v + PO_SHIFT.v) : place(i, u, v);
      }),
    })),
  });
  const predictions = new Map<string, PredictedPoint[] | 'refused'>(
    ids.map((id, i) => [
      id,
      model.map(({ name }) => {
        const [u, v] = FRAME[name] ?? [0.3, 0.5];
        const [x, y] = place(i, u, v);
        return { x, y, confidence: 0.9 };
      }),
    ]),
  );
  return { manifest, predictions };
}

const rawPoMm = (i: number) => Math.hypot(PO_SHIFT.u + jitter(i), PO_SHIFT.v) * SN_PX * MM;

describe('simulateAdaptation on 30 films with one clinic convention (Porion)', () => {
  const { manifest, predictions } = dataset();
  const [after10, after20] = simulateAdaptation({ manifest, predictions, modelLandmarks: model, films: [10, 20], seed: 7 });

  it('learns the Porion shift from 10 corrected films: its error drops to about nothing', () => {
    const po = after10!.per_landmark.Porion!;
    expect(po.raw_mre_mm).toBeCloseTo(2.52, 1);
    // One constant shift is learned at n / (n + 1) of it (the rule's shrinkage): about 1/11 is left.
    expect(po.mre_mm).toBeLessThan(0.1 * po.raw_mre_mm);
    expect(po.sdr2).toBe(100);
    expect(after20!.per_landmark.Porion!.mre_mm).toBeLessThan(po.mre_mm);
  });

  it('leaves the landmarks the clinic never moved where the model put them', () => {
    for (const name of names.filter((n) => n !== 'Porion')) {
      expect(after10!.per_landmark[name]).toMatchObject({ mre_mm: 0, raw_mre_mm: 0, sdr2: 100 });
      expect(after10!.per_landmark[name]!.dx_mm).toBeCloseTo(0, 12);
    }
  });

  it('pools every draw: 20 draws x 20 held-out films x 10 landmarks, and the raw error beside it', () => {
    expect(after10).toMatchObject({ films: 10, draws: 20, seed: 7, held_out_films: 20, learned_films: 10, n: 20 * 20 * 10 });
    expect(after20).toMatchObject({ films: 20, held_out_films: 10, n: 20 * 10 * 10 });
    // Raw Porion error of a film is the same whoever comes first; its mean over all films is close.
    const allFilms = ids.map((_, i) => rawPoMm(i)).reduce((a, b) => a + b, 0) / 30;
    expect(after10!.raw_mre_mm * 10).toBeCloseTo(allFilms, 1);
    expect(after10!.mre_mm).toBeLessThan(after10!.raw_mre_mm / 10);
    expect(after10!.draw_mre_mm.min).toBeLessThanOrEqual(after10!.mre_mm);
    expect(after10!.draw_mre_mm.max).toBeGreaterThanOrEqual(after10!.mre_mm);
    expect(Object.keys(after10!.per_landmark)).toEqual(names);
    expect(after10!.unkeyed_landmarks).toEqual([]);
  });

  it('is the same for a seed, and another seed draws other films first', () => {
    const again = simulateAdaptation({ manifest, predictions, modelLandmarks: model, films: [10, 20], seed: 7 });
    expect(again).toEqual([after10, after20]);
    const other = simulateAdaptation({ manifest, predictions, modelLandmarks: model, films: [10], seed: 8 })[0]!;
    expect(other.mre_mm).not.toBe(after10!.mre_mm);
    expect(drawOrders(ids, 3, 7)).toEqual(drawOrders(ids, 3, 7));
    expect(drawOrders(ids, 3, 7)).not.toEqual(drawOrders(ids, 3, 8));
    for (const order of drawOrders(ids, 3, 7)) expect([...order].sort()).toEqual(ids);
  });

  it('prints one line and one table per K', () => {
    const report = evaluateDetections({ manifest, predictions, matched: matchLandmarks(names, model).matched, reviewThreshold: 0.5 });
    const line = adaptationLine(after10!, report);
    expect(line).toMatch(
      /^adaptation after 10 corrected films \(20 draws, seed 7; 20 films scored per draw; 10\.0 of 10 corrected films taught something\): /,
    );
    expect(line).toMatch(/: n=4000 MRE=0\.0\d\d mm .* without adaptation on the same films MRE=0\.25\d mm SDR@2=90\.00%; one draw's MRE /);
    expect(adaptationTable(after10!).split('\n')[0]).toBe(
      '| landmark | MRE mm without | MRE mm after 10 films | SDR 2 mm | dx mm | dy mm |',
    );
    const ctx = { header: '', split: 'test', leaks: 0, adaptations: [after10!, after20!], title: 'T', intro: 'I' };
    const lines = reportLines(report, ctx);
    expect(lines.filter((l) => l.startsWith('adaptation after '))).toHaveLength(2);
    const md = reportMarkdown(report, ctx);
    expect(md.match(/^## Clinic adaptation$/gm)).toHaveLength(1);
    expect(md).toContain('### After 20 corrected films\n\n| landmark | MRE mm without | MRE mm after 20 films |');
  });
});

describe('simulateAdaptation with landmarks left out and films refused', () => {
  it('skips a landmark the manifest leaves out, as a correction and as an error', () => {
    const { manifest, predictions } = dataset({ f03: ['Porion', 'Menton'], f04: ['Sella'] });
    predictions.set('f05', 'refused');
    const draws = 20;
    const [a] = simulateAdaptation({ manifest, predictions, modelLandmarks: model, films: [10], draws, seed: 3 });
    // 29 films take part; each draw scores 19. Every scored film has 10 landmarks, but f03 has 8 and f04 9.
    const pool = ids.filter((id) => id !== 'f05');
    const heldOut = drawOrders(pool, draws, 3).map((o) => o.slice(10));
    const expected = heldOut.reduce(
      (n, films) => n + films.length * 10 - (films.includes('f03') ? 2 : 0) - (films.includes('f04') ? 1 : 0),
      0,
    );
    expect(a!.n).toBe(expected);
    expect(a!.held_out_films).toBe(19);
    expect(Number.isNaN(a!.mre_mm)).toBe(false);
    expect(a!.per_landmark.Porion!.mre_mm).toBeLessThan(0.1 * a!.per_landmark.Porion!.raw_mre_mm);
  });

  it('refuses K that leaves no film to score', () => {
    const { manifest, predictions } = dataset();
    expect(() => simulateAdaptation({ manifest, predictions, modelLandmarks: model, films: [30] })).toThrow(/only 30 films were scored/);
  });
});

describe('parseAdaptFilms', () => {
  it.each([
    { given: ['10'], want: [10] },
    { given: ['10,20'], want: [10, 20] },
    { given: ['10', '20'], want: [10, 20] },
    { given: ['20, 10', '10'], want: [20, 10] },
    { given: [], want: [] },
  ])('$given -> $want', ({ given, want }) => {
    expect(parseAdaptFilms(given)).toEqual(want);
  });

  it.each(['0', 'ten', '1.5', '-3', ''])('refuses "%s"', (v) => {
    expect(() => parseAdaptFilms([v])).toThrow(/positive whole numbers/);
  });
});

describe('the review flag on adapted points (review_gross)', () => {
  it("ranks the adapted errors over 4 mm by the points' confidence", () => {
    // Porion 20 mm off on every film, with the lowest confidence; every other landmark exact.
    const { manifest } = dataset();
    const far = new Map<string, PredictedPoint[] | 'refused'>(
      ids.map((id, i) => [
        id,
        model.map(({ name }) => {
          const [u, v] = FRAME[name] ?? [0.3, 0.5];
          const [x, y] = place(i, u, v);
          return name === 'Porion' ? { x: x + 200, y, confidence: 0.1 } : { x, y, confidence: 0.9 };
        }),
      ]),
    );
    // The 20 mm move is clipped at 15 mm and shrunk: what is left of Porion after one film stays over 4 mm.
    const [a] = simulateAdaptation({
      manifest,
      predictions: far,
      modelLandmarks: model,
      films: [1],
      draws: 2,
      seed: 1,
      reviewThreshold: 0.5,
    });
    const g = a!.review_gross;
    expect(g.n).toBe(2 * 29 * names.length);
    expect(g.n_over_4mm).toBe(2 * 29);
    expect(g.recall).toBe(1);
    expect(g.flagged_share).toBeCloseTo(1 / names.length, 9);
    expect(g.recall_least_confident_10pct).toBe(1);
    expect(g.auroc).toBe(1);
    expect(
      adaptationLine(
        a!,
        evaluateDetections({ manifest, predictions: far, matched: matchLandmarks(names, model).matched, reviewThreshold: 0.5 }),
      ),
    ).toContain('the flag (confidence < 0.5000) flags 10.0% and catches 100.0%; the 10% least confident hold 100.0%; AUROC 1.000');
  });
});
