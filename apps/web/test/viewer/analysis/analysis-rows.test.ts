import { calibrationFromDefaultPpm, getAnalysis, STEINER, UNCALIBRATED, type AnalysisDefinition } from '@ceppro/ceph';
import { describe, expect, it } from 'vitest';
import { analysisRowsFor, buildAnalysisRows, levelOfZ, missingLandmarks } from '../../../src/features/viewer/lib/analysis-rows.ts';
import { formatNorm, formatPercentile, formatValue, formatZ } from '../../../src/features/viewer/lib/format.ts';
import { clinicalNames } from '../../../src/features/viewer/hooks/use-clinical-names.ts';
import { readingWords, rowReading } from '../../../src/features/viewer/analysis/lib/reading.ts';
import { ANB_DEG, POSITIONS, SNA_DEG, SNB_DEG } from './fixtures.ts';

const row = (rows: ReturnType<typeof buildAnalysisRows>, id: string) => {
  const found = rows.find((r) => r.definition.id === id);
  if (!found) throw new Error(`no row ${id}`);
  return found;
};

describe('analysis rows', () => {
  const rows = buildAnalysisRows(STEINER, POSITIONS, UNCALIBRATED);

  it('computes the Steiner angles of the hand-made landmarks', () => {
    const values = ['SNA', 'SNB', 'ANB'].map((id) => {
      const r = row(rows, id).result;
      return r.status === 'ok' ? r.value : Number.NaN;
    });
    expect(values[0]).toBeCloseTo(SNA_DEG, 9);
    expect(values[1]).toBeCloseTo(SNB_DEG, 9);
    expect(values[2]).toBeCloseTo(ANB_DEG, 9);
    expect(row(rows, 'SNA').result).toMatchObject({ status: 'ok', unit: 'deg', uncalibrated: false });
  });

  it('colours by distance from the norm: SNA within 1 SD, SNB and ANB 1–2 SD', () => {
    expect(row(rows, 'SNA').level).toBe('ok');
    expect(row(rows, 'SNB').level).toBe('mild');
    expect(row(rows, 'ANB').level).toBe('mild');
    expect(row(rows, 'SNB').interpretation.z).toBeCloseTo((SNB_DEG - 80) / 2, 9);
    expect(rowReading(row(rows, 'SNB'))).toEqual({ key: 'mildlyDecreased', words: 'retrognathic mandible', direction: 'decreased' });
    expect(rowReading(row(rows, 'SNA'))).toEqual({ key: 'within', words: null, direction: null });
    // The direction words come in the interface language from the clinical vocabulary; English stays the catalogue's.
    expect(readingWords(rowReading(row(rows, 'SNB')), 'SNB', clinicalNames('en'))).toBe('retrognathic mandible');
    expect(readingWords(rowReading(row(rows, 'SNB')), 'SNB', clinicalNames('ko'))).toBe('하악 후퇴');
    expect(readingWords(rowReading(row(rows, 'SNA')), 'SNA', clinicalNames('ja'))).toBeNull();
  });

  it('marks rows with missing landmarks incomplete and names them', () => {
    expect(row(rows, 'SND').result).toEqual({ id: 'SND', status: 'incomplete', missing: ['D'] });
    expect(row(rows, 'SND').level).toBe('incomplete');
    expect(row(rows, 'U1_NA_DEG').result).toMatchObject({ status: 'incomplete', missing: ['U1A', 'U1'] });
    expect(rowReading(row(rows, 'SND'))).toBeNull();
    const missing = missingLandmarks(rows);
    expect(missing.slice(0, 3)).toEqual(['D', 'U1A', 'U1']);
    expect(new Set(missing).size).toBe(missing.length);
    expect(missing).not.toContain('S');
  });

  it('rates a bare-ideal norm as unrated and an uncalibrated length without a z-score', () => {
    const bjork = getAnalysis('bjork-jarabak') as AnalysisDefinition;
    const px = row(buildAnalysisRows(bjork, POSITIONS, UNCALIBRATED), 'ANT_CRANIAL_BASE');
    expect(px.result).toEqual({ id: 'ANT_CRANIAL_BASE', status: 'ok', value: 500, unit: 'px', uncalibrated: true });
    expect(px.level).toBe('unrated');
    expect(rowReading(px)).toEqual({ key: 'uncalibrated', words: null, direction: null });
    const mm = row(buildAnalysisRows(bjork, POSITIONS, calibrationFromDefaultPpm(10)), 'ANT_CRANIAL_BASE');
    expect(mm.result).toMatchObject({ value: 50, unit: 'mm', uncalibrated: false });
    expect(mm.interpretation.z).toBeCloseTo(-7, 9);
    expect(mm.interpretation.percentile).toBe(0); // clamped beyond 6.5 SD (docs/spec-points.md §9)
    expect(mm.level).toBe('severe');
  });

  it('memoises rows per positions object, calibration and analysis', () => {
    const first = analysisRowsFor(STEINER, POSITIONS, UNCALIBRATED);
    expect(analysisRowsFor(STEINER, POSITIONS, UNCALIBRATED)).toBe(first);
    expect(analysisRowsFor(STEINER, { ...POSITIONS }, UNCALIBRATED)).not.toBe(first);
    expect(analysisRowsFor(STEINER, POSITIONS, calibrationFromDefaultPpm(10))).not.toBe(first);
  });
});

describe('colour thresholds', () => {
  it.each([
    [0, 'ok'],
    [1, 'ok'],
    [-1, 'ok'],
    [1.0001, 'mild'],
    [-2, 'mild'],
    [2.0001, 'severe'],
    [-3.5, 'severe'],
  ] as const)('z = %s is %s', (z, level) => {
    expect(levelOfZ(z)).toBe(level);
  });
});

describe('formatting', () => {
  it('rounds for display only and keeps units', () => {
    expect(formatValue(SNA_DEG, 'deg')).toBe('81.9°');
    expect(formatValue(71.4286, 'mm')).toBe('71.4 mm');
    expect(formatValue(500, 'px')).toBe('500.0 px');
    expect(formatValue(-0.04, 'mm')).toBe('0.0 mm');
    expect(formatValue(-1.6007, 'mm')).toBe('−1.6 mm');
    expect(formatValue(0.6234, 'ratio')).toBe('0.62');
    expect(formatNorm({ mean: 82, sd: 2, range: null }, 'deg')).toBe('82 ± 2°');
    expect(formatNorm({ mean: 63.5, sd: null, range: [62, 65] }, '%')).toBe('62–65%');
    expect(formatNorm(null, 'mm')).toBeNull();
    expect(formatZ(-1.2644)).toBe('−1.26');
    expect(formatZ(1.2)).toBe('+1.20');
    expect(formatZ(0.001)).toBe('0.00');
    expect(formatPercentile(0)).toBe('P<1');
    expect(formatPercentile(0.9332)).toBe('P93');
  });
});
