import { describe, expect, it } from 'vitest';
import {
  buildReportModel,
  chartNormSelection,
  normChoicePatch,
  normSetLabel,
  normSourceNote,
  readChartPopulation,
  readDefaultPopulation,
  reportFootnotes,
  type ReportInput,
} from '../src/index';
import { SNA_RECORD, steiner } from './fixtures/report-input';

const INPUT: ReportInput = {
  now: new Date('2026-03-04T10:00:00Z'),
  clinic: null,
  patient: { firstName: 'Li', patientId: '9', birthInfo: '1990-01-01', gender: false },
  chart: { chartId: 'c-9', shootDate: '2026-03-01' },
  record: {
    ...SNA_RECORD,
    drawingResult: { version: 1, ...normChoicePatch('chinese') },
  },
  defaultPpm: null,
};

describe('norm choice documents', () => {
  it('reads the chart override and the user default; old or junk documents open on the defaults', () => {
    expect(readChartPopulation({ version: 1, norms: { version: 1, population: 'korean' } })).toBe('korean');
    expect(readChartPopulation({ version: 1, norms: { version: 1 } })).toBeNull();
    expect(readChartPopulation({ version: 1 })).toBeNull();
    expect(readChartPopulation({ norms: { version: 2, population: 'korean' } })).toBeNull();
    expect(readChartPopulation(null)).toBeNull();
    expect(readDefaultPopulation({ version: 1, normPopulation: 'japanese' })).toBe('japanese');
    expect(readDefaultPopulation({ version: 1, normPopulation: 'martian' })).toBe('caucasian');
    expect(readDefaultPopulation(null)).toBe('caucasian');
  });

  it('age at the shoot date picks the band (birthday counts on its day); the chart wins over the default', () => {
    const base = { birthDate: '2016-03-05', female: true, chartPopulation: null, defaultPopulation: 'caucasian' } as const;
    expect(chartNormSelection({ ...base, shootDate: '2025-03-04' }).set?.id).toBe('caucasian-6-8');
    expect(chartNormSelection({ ...base, shootDate: '2025-03-05' }).set?.id).toBe('caucasian-9-11');
    expect(chartNormSelection({ ...base, shootDate: '2025-03-05', chartPopulation: 'korean' }).reason).toBe('no-published-set');
    expect(chartNormSelection({ ...base, birthDate: null, shootDate: '2025-03-05' })).toMatchObject({ ageAssumed: true });
  });
});

describe('report with a population norm set', () => {
  it('uses the chart’s set, prints its values and cites the source as the norm’s footnote', () => {
    const model = buildReportModel(INPUT, steiner);
    const sna = model.rows.find((r) => r.id === 'SNA');
    expect(sna?.norm).toBe('84.9°'); // printed with the viewer's 0.1 rule; the set holds 84.87
    expect(sna?.normNote).toContain('[N1]');
    const u1mm = model.rows.find((r) => r.id === 'U1_NA_MM');
    expect(u1mm?.norm).toBe('-');
    expect(u1mm?.normNote).toBe('No published norm for this population (Chinese, adult, men).');
    const notes = reportFootnotes(model.rows).notes.map((n) => n.text);
    expect(notes.some((t) => t.startsWith('Norm: Chinese, adult, men. Source: Sichuan Han adults'))).toBe(true);
  });

  it('a Caucasian adult keeps today’s rows exactly', () => {
    const today = { ...INPUT, record: { ...INPUT.record, drawingResult: null } };
    const withDefault = buildReportModel({ ...today, defaultPopulation: 'caucasian' }, steiner);
    expect(withDefault.rows.find((r) => r.id === 'SNA')?.norm).toBe('82 \u00b1 2\u00b0');
  });

  it('labels in the five languages', () => {
    const selection = chartNormSelection({
      birthDate: '1990-01-01',
      shootDate: '2026-01-01',
      female: true,
      chartPopulation: 'chinese',
      defaultPopulation: 'caucasian',
    });
    expect(normSetLabel(selection, 'ko')).toBe('중국인, 성인, 여성');
    expect(normSourceNote(selection, 'chinese-adult-female [N1]', 'zh')).toContain('来源');
    expect(normSourceNote(selection, null, 'vi')).toContain('Không có giá trị chuẩn');
  });
});
