import { getAnalysis } from '@ceppro/ceph';
import { describe, expect, it } from 'vitest';
import {
  buildReportModel,
  localCalendarDate,
  reportAnalysis,
  reportAnalysisName,
  reportAnalysisTitle,
  reportBirthText,
  reportGenderText,
  reportLabels,
  reportLandmarkLabel,
  reportModelQuerySchema,
  reportModelSchema,
  reportPdfRequestSchema,
  REPORT_LANGS,
} from '../src/index';
import { steiner, STEINER_INPUT as INPUT } from './fixtures/report-input';

/** The report's facts as a clinic reads them: titles, names the screen uses, the local date, unknown facts. */

describe('report analysis title', () => {
  it.each([
    ['en', 'Steiner analysis'],
    ['ko', 'Steiner 분석'],
    ['ja', 'Steiner分析'],
    ['zh', 'Steiner 分析'],
    ['vi', 'Phân tích Steiner'],
  ] as const)('says the analysis word once in %s: %s', (lang, title) => {
    expect(reportAnalysisTitle(reportAnalysisName(steiner, lang), reportLabels(lang))).toBe(title);
  });

  it('never doubles the word for any built-in analysis in any language, nor for a group that names itself so', () => {
    for (const lang of REPORT_LANGS) {
      const labels = reportLabels(lang);
      const word = labels.analysisTitle.replace('{{name}}', '').trim();
      for (const id of ['steiner', 'downs', 'tweed', 'mcnamara', 'ricketts', 'bjork-jarabak']) {
        const analysis = getAnalysis(id) ?? (null as never);
        const title = reportAnalysisTitle(reportAnalysisName(analysis, lang), labels);
        expect(title.split(word).length - 1, `${lang} ${id}: ${title}`).toBe(1);
      }
    }
    expect(reportAnalysisTitle('My analysis', reportLabels('en'))).toBe('My analysis');
  });
});

describe('report landmark names', () => {
  it("names landmarks as the screen does (Pog', UL', G'), unknown ids as stored", () => {
    expect(reportLandmarkLabel('stPog')).toBe("Pog'");
    expect(reportLandmarkLabel('ULv')).toBe("UL'");
    expect(reportLandmarkLabel('stG')).toBe("G'");
    expect(reportLandmarkLabel('S')).toBe('S');
    expect(reportLandmarkLabel('Custom 1')).toBe('Custom 1');
  });

  it('an incomplete row names the missing points by their screen names, not internal ids', () => {
    const group = reportAnalysis({ measurement_ids: ['SOFT_CHIN_THICKNESS'], analysis_name: 'Chin' }) ?? (null as never);
    const row = buildReportModel(INPUT, group).rows[0];
    expect(row?.interpretation).toContain("Pog'");
    expect(row?.interpretation).not.toContain('stPog');
  });
});

describe('report date', () => {
  it("is the clinic's local calendar day: Seoul before 09:00 is already today", () => {
    const now = new Date('2026-01-14T23:30:00Z'); // 08:30 on the 15th in Seoul
    expect(buildReportModel({ ...INPUT, now, timeZone: 'Asia/Seoul' }, steiner).date).toBe('2026-01-15');
    expect(buildReportModel({ ...INPUT, now }, steiner).date).toBe('2026-01-14');
    expect(buildReportModel({ ...INPUT, now, timeZone: 'America/Los_Angeles' }, steiner).date).toBe('2026-01-14');
    expect(localCalendarDate(new Date('2026-03-04T15:00:00Z'), 'Asia/Seoul')).toBe('2026-03-05');
    expect(localCalendarDate(new Date('2026-03-04T15:00:00Z'), 'Not/AZone')).toBe('2026-03-04');
  });

  it('counts the age on the local day (a birthday in Seoul that is still yesterday in UTC)', () => {
    const now = new Date('2026-03-04T20:00:00Z'); // 2026-03-05 05:00 in Seoul: the 16th birthday
    expect(buildReportModel({ ...INPUT, now }, steiner).patient.age).toBe(15);
    expect(buildReportModel({ ...INPUT, now, timeZone: 'Asia/Seoul' }, steiner).patient.age).toBe(16);
  });

  it('takes the time zone in both requests, validated: an unknown zone is refused, none means UTC', () => {
    const chart_id = '3f1c2a9e-5b7d-4e21-9c3a-1d2e3f4a5b6c';
    expect(reportPdfRequestSchema.parse({ chart_id, time_zone: 'Asia/Seoul' }).time_zone).toBe('Asia/Seoul');
    expect(reportPdfRequestSchema.safeParse({ chart_id, time_zone: 'Mars/Olympus' }).success).toBe(false);
    expect(reportPdfRequestSchema.safeParse({ chart_id, time_zone: 'x'.repeat(65) }).success).toBe(false);
    expect(reportModelQuerySchema.parse({ time_zone: 'Asia/Ho_Chi_Minh' }).time_zone).toBe('Asia/Ho_Chi_Minh');
    expect(reportModelQuerySchema.safeParse({ time_zone: '' }).success).toBe(false);
  });
});

describe('unknown patient facts', () => {
  it('prints "-" for an unknown birth date and sex (the CLI without --birth/--sex), with the main norms', () => {
    const model = buildReportModel({ ...INPUT, patient: { ...INPUT.patient, birthInfo: null, gender: null } }, steiner);
    expect(model.patient).toMatchObject({ birthDate: null, age: null, gender: null });
    expect(reportModelSchema.parse(JSON.parse(JSON.stringify(model)))).toEqual(model);
    const labels = reportLabels('en');
    expect(reportBirthText(model.patient, labels)).toBe('-');
    expect(reportGenderText(model.patient, labels)).toBe('-');
    const known = buildReportModel(INPUT, steiner);
    expect(reportBirthText(known.patient, labels)).toBe('2010-03-05 (15 years)');
    expect(reportGenderText(known.patient, labels)).toBe('Male');
  });
});
