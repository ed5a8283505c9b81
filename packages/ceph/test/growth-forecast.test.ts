import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  GROWTH_METHODS,
  MICHIGAN_STANDARDS,
  calibrationFromDefaultPpm,
  calibrationFromPixelSpacing,
  forecastGrowth,
  standardAt,
  UNCALIBRATED,
  type GrowthForecastInput,
  type GrowthDimension,
  type LandmarkMap,
  type Vec2,
} from '../src/index.ts';

const sources = readFileSync(new URL('../src/growth/SOURCES.md', import.meta.url), 'utf8');

// A right-facing film at 10 px/mm: S-N 70 mm along +x, ANS 50 mm and Me 110 mm straight below N,
// Go 70 mm below S, Pog 5 mm in front of and 5 mm above Me.
const film: LandmarkMap<Vec2> = {
  S: { x: 1000, y: 1000 },
  N: { x: 1700, y: 1000 },
  ANS: { x: 1700, y: 1500 },
  Me: { x: 1700, y: 2100 },
  Go: { x: 1000, y: 1700 },
  Pog: { x: 1750, y: 2050 },
  Po: { x: 800, y: 1200 },
};

const boy10: GrowthForecastInput = {
  landmarks: film,
  calibration: calibrationFromDefaultPpm(10),
  ageYears: 10,
  sex: 'male',
  years: 2,
  method: 'michigan-mean-increments',
};

function ok(input: GrowthForecastInput) {
  const result = forecastGrowth(input);
  if (result.status !== 'ok') throw new Error(`refused: ${result.reason}`);
  return result;
}

describe('forecastGrowth: hand-computed moves (boy, 10 -> 12 years, 10 px/mm)', () => {
  const result = ok(boy10);
  const at = (id: string) => result.points.find((p) => p.id === id);

  it.each([
    // N: S-N 76.8 -> 78.3 mm (+1.5 mm = 15 px) along S->N; SD at 12 years 3.3 mm.
    ['N', 1715, 1000, 3.3],
    // ANS: from the moved N, N-ANS 52.3 -> 54.6 (+2.3 mm): 1000 + 523 px below N'.
    ['ANS', 1715, 1523, 3.6],
    // Me: from the moved N, N-Me 118.7 -> 123.3 (+4.6 mm): 1146 px below N'.
    ['Me', 1715, 2146, 6.3],
    // Go: S-Go 73.6 -> 77.6 (+4.0 mm) along S->Go (straight down).
    ['Go', 1000, 1740, 5.3],
    // Pog follows Me's move (+15, +46 px) and carries Me's SD.
    ['Pog', 1765, 2096, 6.3],
  ])('%s goes to (%d, %d), SD %d mm', (id, x, y, sd) => {
    const p = at(id);
    expect(p?.to.x).toBeCloseTo(x, 6);
    expect(p?.to.y).toBeCloseTo(y, 6);
    expect(p?.sdMm).toBe(sd);
    expect(p?.sdPx).toEqual({ x: sd * 10, y: sd * 10 });
  });

  it('keeps S (the registration) and leaves points without a published increment out', () => {
    expect(result.positions.S).toEqual({ x: 1000, y: 1000 });
    expect(result.positions.Po).toBeUndefined();
    expect(at('Po')).toBeUndefined();
    expect(result.fromAge).toBe(10);
    expect(result.toAge).toBe(12);
    expect(at('N')?.moveMm).toBeCloseTo(1.5, 9);
  });
});

describe('forecastGrowth: other cases', () => {
  it('zero years is the identity', () => {
    const result = ok({ ...boy10, years: 0 });
    for (const p of result.points) expect(p.to).toEqual(p.from);
    expect(result.positions.N).toEqual(film.N);
  });

  it('uses the girls table: S-N 72.3 -> 72.6 mm from 8 to 9 years', () => {
    const result = ok({ ...boy10, sex: 'female', ageYears: 8, years: 1 });
    expect(result.positions.N?.x).toBeCloseTo(1703, 6);
  });

  it('a left-facing film grows to the left', () => {
    const mirrored: LandmarkMap<Vec2> = {
      S: { x: 1000, y: 1000 },
      N: { x: 300, y: 1000 },
      ANS: { x: 300, y: 1500 },
      Me: { x: 300, y: 2100 },
    };
    const result = ok({ ...boy10, landmarks: mirrored });
    expect(result.positions.N?.x).toBeCloseTo(285, 6);
    expect(result.positions.Me?.x).toBeCloseTo(285, 6);
  });

  it('converts per axis when rows and columns have different spacings', () => {
    // 0.1 mm per column (10 px/mm along x), 0.2 mm per row (5 px/mm along y).
    const result = ok({ ...boy10, calibration: calibrationFromPixelSpacing(0.2, 0.1) });
    // N-ANS is 500 rows = 100 mm, +2.3 mm = 511.5 rows below N' = (1715, 1000).
    const ans = result.points.find((p) => p.id === 'ANS');
    expect(ans?.to.x).toBeCloseTo(1715, 6);
    expect(ans?.to.y).toBeCloseTo(1511.5, 6);
    expect(ans?.sdPx.x).toBeCloseTo(36, 9);
    expect(ans?.sdPx.y).toBeCloseTo(18, 9);
  });

  it.each([
    [{ ageYears: 25 }, 'adult', undefined],
    [{ ageYears: 18 }, 'adult', undefined],
    [{ ageYears: null }, 'age-unknown', undefined],
    [{ ageYears: 5 }, 'under-6', undefined],
    [{ ageYears: 15, years: 2 }, 'beyond-standards', 1],
    [{ ageYears: 17, years: 1 }, 'beyond-standards', 0],
    [{ sex: null }, 'sex-required', undefined],
    [{ years: 7 }, 'invalid-years', undefined],
    [{ years: 1.5 }, 'invalid-years', undefined],
    [{ calibration: UNCALIBRATED }, 'uncalibrated', undefined],
  ] as const)('refuses %o: %s', (patch, reason, maxYears) => {
    const result = forecastGrowth({ ...boy10, ...patch });
    expect(result).toMatchObject({ status: 'refused', reason });
    if (result.status === 'refused') expect(result.maxYears).toBe(maxYears);
  });

  it('names the missing driving landmarks', () => {
    const landmarks = { ...film };
    delete landmarks.Me;
    delete landmarks.ANS;
    expect(forecastGrowth({ ...boy10, landmarks })).toEqual({ status: 'refused', reason: 'missing-points', missing: ['ANS', 'Me'] });
  });
});

describe('the standards table', () => {
  it('answers only whole ages 6..16', () => {
    expect(standardAt('S-N', 'male', 6)).toEqual({ mean: 72.7, sd: 2.8 });
    expect(standardAt('S-N', 'female', 16)).toEqual({ mean: 76.9, sd: 3.9 });
    expect(standardAt('S-N', 'male', 5)).toBeNull();
    expect(standardAt('S-N', 'male', 17)).toBeNull();
    expect(standardAt('S-N', 'male', 10.5)).toBeNull();
  });

  it('has 11 ages per column, and SOURCES.md cites every variable and both citations', () => {
    for (const [dimension, table] of Object.entries(MICHIGAN_STANDARDS) as [
      GrowthDimension,
      (typeof MICHIGAN_STANDARDS)[GrowthDimension],
    ][]) {
      for (const column of [table.male, table.female]) {
        expect(column.mean).toHaveLength(11);
        expect(column.sd).toHaveLength(11);
      }
      expect(sources).toContain(`| ${table.atlasVariable} | ${dimension} |`);
    }
    expect(sources).toContain('Riolo');
    expect(sources).toContain('Johnston');
    expect(GROWTH_METHODS['michigan-mean-increments'].citations).toHaveLength(2);
  });
});
