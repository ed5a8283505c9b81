import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILM_ADJUSTMENTS,
  filmTone,
  filmToneCurve,
  isDefaultFilmAdjustments,
  normaliseFilmAdjustments,
  sharpenKernel,
  softTissueWindow,
  type FilmAdjustments,
} from '../src/index.ts';

const adjust = (a: Partial<FilmAdjustments>): FilmAdjustments => ({ ...DEFAULT_FILM_ADJUSTMENTS, ...a });

describe('film tone curve (hand-computed)', () => {
  it.each([
    ['defaults keep the grey', {}, 0.3, 0.3],
    ['invert', { invert: true }, 0.3, 0.7],
    ['gamma 2 lifts a quarter to a half', { gamma: 2 }, 0.25, 0.5],
    ['gamma 0.5 squares', { gamma: 0.5 }, 0.5, 0.25],
    ['brightness 150', { brightness: 150 }, 0.4, 0.6],
    ['brightness clamps at white', { brightness: 300 }, 0.5, 1],
    ['contrast 200 about mid-grey', { contrast: 200 }, 0.6, 0.7],
    ['contrast 50', { contrast: 50 }, 0.2, 0.35],
    ['brightness then contrast', { brightness: 150, contrast: 200 }, 0.5, 1],
    ['gamma then invert', { gamma: 2, invert: true }, 0.25, 0.5],
    // ln(1 + 20·0.1) / ln(21) = ln 3 / ln 21 = 1.098612 / 3.044522 = 0.360850
    ['soft tissue 100: the log window', { softTissue: 100 }, 0.1, 0.36085],
    // 0.1 + 0.5·(0.360850 − 0.1) = 0.230425
    ['soft tissue 50: halfway', { softTissue: 50 }, 0.1, 0.230425],
    ['soft tissue keeps black and white', { softTissue: 100 }, 1, 1],
  ] as const)('%s', (_name, a, input, expected) => {
    expect(filmTone(input, adjust(a))).toBeCloseTo(expected, 5);
  });

  it('soft-tissue window: black stays black, slope 20 / ln 21 at black', () => {
    expect(softTissueWindow(0)).toBe(0);
    expect(softTissueWindow(1)).toBeCloseTo(1, 12);
    expect(softTissueWindow(1e-6) / 1e-6).toBeCloseTo(20 / Math.log(21), 3);
  });

  it('lookup table: identity by default, 255 − i inverted, gamma 2 at 64 is 128', () => {
    const identity = filmToneCurve(DEFAULT_FILM_ADJUSTMENTS);
    expect(Array.from(identity)).toEqual(Array.from({ length: 256 }, (_, i) => i));
    const inverted = filmToneCurve(adjust({ invert: true }));
    expect(inverted[0]).toBe(255);
    expect(inverted[200]).toBe(55);
    expect(inverted[255]).toBe(0);
    // sqrt(64 / 255) · 255 = 127.75
    expect(filmToneCurve(adjust({ gamma: 2 }))[64]).toBe(128);
  });
});

describe('sharpen kernel (hand-computed)', () => {
  it.each([
    [0, [0, 0, 0, 0, 1, 0, 0, 0, 0]],
    [100, [-0.125, -0.25, -0.125, -0.25, 2.5, -0.25, -0.125, -0.25, -0.125]],
    [50, [-0.0625, -0.125, -0.0625, -0.125, 1.75, -0.125, -0.0625, -0.125, -0.0625]],
    [250, [-0.125, -0.25, -0.125, -0.25, 2.5, -0.25, -0.125, -0.25, -0.125]],
  ])('sharpen %d %%', (sharpen, weights) => {
    const kernel = sharpenKernel(sharpen);
    kernel.forEach((w, i) => expect(w).toBeCloseTo(weights[i] as number, 12));
    expect(kernel.reduce((s, w) => s + w, 0)).toBeCloseTo(1, 12);
  });

  it('an edge overshoots on both sides, flat grey stays', () => {
    const k = sharpenKernel(100);
    const at = (rows: number[][]) => rows.flat().reduce((s, v, i) => s + v * (k[i] as number), 0);
    expect(
      at([
        [0.5, 0.5, 0.5],
        [0.5, 0.5, 0.5],
        [0.5, 0.5, 0.5],
      ]),
    ).toBeCloseTo(0.5, 12);
    // Bright side of a vertical edge (left column dark 0, rest 1): 1 + 2·(1 − 0.75) = 1.5
    expect(
      at([
        [0, 1, 1],
        [0, 1, 1],
        [0, 1, 1],
      ]),
    ).toBeCloseTo(1.5, 12);
  });
});

describe('normalising stored or typed values', () => {
  it.each([
    ['empty: defaults', {}, DEFAULT_FILM_ADJUSTMENTS],
    [
      'clamped and stepped',
      { brightness: 999, contrast: 10.4, gamma: 1.437, sharpen: -5, softTissue: 40.6 },
      adjust({ brightness: 300, contrast: 20, gamma: 1.45, sharpen: 0, softTissue: 41 }),
    ],
    ['junk ignored', { brightness: 'x', gamma: Number.NaN, invert: 'yes' }, DEFAULT_FILM_ADJUSTMENTS],
    ['invert kept', { invert: true }, adjust({ invert: true })],
  ] as const)('%s', (_name, input, expected) => {
    expect(normaliseFilmAdjustments(input)).toEqual(expected);
  });

  it('default detection', () => {
    expect(isDefaultFilmAdjustments(DEFAULT_FILM_ADJUSTMENTS)).toBe(true);
    expect(isDefaultFilmAdjustments(adjust({ gamma: 1.05 }))).toBe(false);
  });
});
