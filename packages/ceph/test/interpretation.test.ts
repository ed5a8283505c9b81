import { describe, expect, it } from 'vitest';
import {
  PERCENTILE_CLAMP_Z,
  classifyAnb,
  classifyBjorkSum,
  classifyFma,
  classifyJarabak,
  classifySkeletal,
  classifySnGoGn,
  classifyWits,
  deviationLabel,
  erf,
  getMeasurement,
  interpretMeasurement,
  normalCdf,
  normFor,
  percentileFromZ,
  rangeStatus,
  severityOf,
  zScore,
  type MeasurementDefinition,
} from '../src/index.ts';

const def = (id: string): MeasurementDefinition => {
  const d = getMeasurement(id);
  if (!d) throw new Error(id);
  return d;
};

describe('normal distribution (reference §4.1)', () => {
  it.each([
    [0, 0.5],
    [-1, 0.1587],
    [-2, 0.0228],
    [-3, 0.00135],
    [1, 0.8413],
    [1.96, 0.975],
  ])('Φ(%s) ≈ %s', (z, p) => {
    expect(normalCdf(z)).toBeCloseTo(p, 4);
  });
  it('erf is odd and accurate to ~1e-7', () => {
    expect(erf(0)).toBeCloseTo(0, 8);
    expect(erf(0.5)).toBeCloseTo(0.5204998778, 6);
    expect(erf(-0.5)).toBeCloseTo(-0.5204998778, 6);
  });
  it('percentile is a fraction clamped to exactly 0/1 beyond ±6.5 SD', () => {
    expect(PERCENTILE_CLAMP_Z).toBe(6.5);
    expect(percentileFromZ(6.6)).toBe(1);
    expect(percentileFromZ(100)).toBe(1);
    expect(percentileFromZ(-6.6)).toBe(0);
    expect(percentileFromZ(-1e9)).toBe(0);
    for (const z of [-6.5, -6.4, -3, 0, 3, 6.4, 6.5]) {
      const p = percentileFromZ(z);
      expect(p).toBeGreaterThanOrEqual(0);
      expect(p).toBeLessThanOrEqual(1);
    }
  });
  it('z-score needs a positive SD', () => {
    expect(zScore(86, 82, 2)).toBe(2);
    expect(zScore(86, 82, null)).toBeNull();
    expect(zScore(86, 82, 0)).toBeNull();
  });
});

describe('deviation words (reference §4.2)', () => {
  it.each([
    [0, 'within', 'within norm'],
    [1, 'within', 'within norm'],
    [-1, 'within', 'within norm'],
    [1.5, 'mild', 'mildly increased'],
    [-2, 'mild', 'mildly decreased'],
    [2.5, 'moderate', 'moderately increased'],
    [-3, 'moderate', 'moderately decreased'],
    [3.01, 'severe', 'severely increased'],
    [-7, 'severe', 'severely decreased'],
  ])('z = %s → %s / %s', (z, sev, label) => {
    expect(severityOf(z)).toBe(sev);
    expect(deviationLabel(z)).toBe(label);
  });
  it('interprets SNA = 86 (82 ± 2) as moderately increased, prognathic maxilla', () => {
    const i = interpretMeasurement(def('SNA'), { id: 'SNA', status: 'ok', value: 86, unit: 'deg', uncalibrated: false });
    expect(i).toMatchObject({ z: 2, severity: 'mild', label: 'mildly increased', words: 'prognathic (protrusive) maxilla' });
    expect(i.percentile).toBeCloseTo(0.97725, 4);
  });
  it('within norm has no direction words', () => {
    expect(interpretMeasurement(def('SNA'), { id: 'SNA', status: 'ok', value: 81, unit: 'deg', uncalibrated: false }).words).toBeNull();
  });
  it('range-only norms report inside/below/above', () => {
    expect(rangeStatus(5, [4, 6])).toBe('inside');
    const i = interpretMeasurement(def('U1_AVERT'), { id: 'U1_AVERT', status: 'ok', value: 8, unit: 'mm', uncalibrated: false });
    expect(i).toMatchObject({ z: null, range: 'above', words: 'protrusive upper incisor' });
  });
  it('uncalibrated lengths and incomplete results get no z-score', () => {
    expect(
      interpretMeasurement(def('ANT_CRANIAL_BASE'), { id: 'ANT_CRANIAL_BASE', status: 'ok', value: 700, unit: 'px', uncalibrated: true }).z,
    ).toBeNull();
    expect(interpretMeasurement(def('SNA'), { id: 'SNA', status: 'incomplete', missing: ['A'] }).z).toBeNull();
  });
  it('Wits uses the sex-specific norm when the sex is known', () => {
    expect(normFor(def('WITS'), 'male')).toMatchObject({ mean: -1, sd: 1.9 });
    expect(normFor(def('WITS'))).toMatchObject({ mean: 0, sd: 1.8 });
    const r = { id: 'WITS', status: 'ok' as const, value: 0.9, unit: 'mm' as const, uncalibrated: false };
    expect(interpretMeasurement(def('WITS'), r, 'male').z).toBeCloseTo(1, 12);
  });
});

describe('classification (reference §4.3)', () => {
  it.each([
    [-0.1, 'III'],
    [0, 'I'],
    [2, 'I'],
    [4, 'I'],
    [4.1, 'II'],
  ])('ANB %s → Class %s', (v, k) => {
    expect(classifyAnb(v)).toBe(k);
  });
  it.each([
    [20, 'hypodivergent'],
    [20.1, 'normodivergent'],
    [29.9, 'normodivergent'],
    [30, 'hyperdivergent'],
  ])('FMA %s → %s', (v, k) => {
    expect(classifyFma(v)).toBe(k);
  });
  it.each([
    [61.9, 'clockwise'],
    [62, 'neutral'],
    [65, 'neutral'],
    [65.1, 'counter-clockwise'],
  ])('Jarabak %s%% → %s', (v, k) => {
    expect(classifyJarabak(v)).toBe(k);
  });
  it('SN–GoGn, Björk sum and Wits', () => {
    expect(classifySnGoGn(26.9)).toBe('hypodivergent');
    expect(classifySnGoGn(32)).toBe('normodivergent');
    expect(classifySnGoGn(37.1)).toBe('hyperdivergent');
    expect(classifyBjorkSum(400)).toBe('clockwise');
    expect(classifyBjorkSum(390)).toBe('counter-clockwise');
    expect(classifyBjorkSum(396)).toBe('neutral');
    expect(classifyWits(2)).toBe('II');
    expect(classifyWits(-2)).toBe('III');
    expect(classifyWits(-2, 'male')).toBe('I');
    expect(classifyWits(-3, 'male')).toBe('III');
  });
  it('combines available values, null for absent ones', () => {
    expect(classifySkeletal({ ANB: 6, FMA: 33, JARABAK_RATIO: 58 })).toEqual({
      sagittal: { byAnb: 'II', byWits: null },
      vertical: { byFma: 'hyperdivergent', bySnGoGn: null, byJarabak: 'clockwise', byBjorkSum: null },
    });
  });
});
