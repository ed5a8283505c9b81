import { NORM_SOURCE_KEYS, STEINER, analysisMeasurements, applyNormSet, getAnalysis } from '@ceppro/ceph';
import { describe, expect, it } from 'vitest';
import { NORM_SOURCE_CITATIONS, chartNormSelection, normSourceNote } from '../src/index';

/** The hover and the report footnote of the norm sets added in the second review (SOURCES.md N4, N5). */
describe('norm source citations', () => {
  it('every source key has a citation', () => {
    for (const key of NORM_SOURCE_KEYS) expect(NORM_SOURCE_CITATIONS[key].length).toBeGreaterThan(20);
  });

  it('a 10-year-old boy: the Riolo atlas value for S–N, cited [N4] in each language', () => {
    const selection = chartNormSelection({
      birthDate: '2015-05-01',
      shootDate: '2025-10-20',
      female: false,
      chartPopulation: null,
      defaultPopulation: 'caucasian',
    });
    const bjork = analysisMeasurements(getAnalysis('bjork-jarabak') ?? STEINER);
    const sn = applyNormSet(bjork, selection).find((d) => d.id === 'ANT_CRANIAL_BASE');
    expect(sn?.norm).toMatchObject({ mean: 76.8, sd: 3.2, source: 'caucasian-9-11 [N4]' });
    for (const lang of ['en', 'ko', 'ja', 'zh', 'vi'] as const) {
      const note = normSourceNote(selection, sn?.norm?.source ?? null, lang);
      expect(note, lang).toContain('Riolo');
      expect(note, lang).toContain('[N4]');
    }
  });

  it('a Japanese 12-year-old: the McNamara table at 12 years, cited [N5]; no borrowed Steiner norm', () => {
    const selection = chartNormSelection({
      birthDate: '2013-01-01',
      shootDate: '2025-06-01',
      female: null,
      chartPopulation: 'japanese',
      defaultPopulation: 'caucasian',
    });
    expect(selection.set?.id).toBe('japanese-12-14');
    const mcnamara = analysisMeasurements(getAnalysis('mcnamara') ?? STEINER);
    const lafh = applyNormSet(mcnamara, selection).find((d) => d.id === 'LAFH');
    expect(lafh?.norm).toMatchObject({ mean: 69.15, sd: 3.98 });
    expect(normSourceNote(selection, lafh?.norm?.source ?? null, 'ja')).toContain('[N5]');
    const sna = applyNormSet(analysisMeasurements(STEINER), selection).find((d) => d.id === 'SNA');
    expect(sna?.norm).toBeNull();
    expect(normSourceNote(selection, null, 'en')).toContain('No published norm for this population');
  });
});
