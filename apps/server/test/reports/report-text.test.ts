import { getAnalysis, MODEL_OUTPUT_NAMES_V1 } from '@ceppro/ceph';
import { describe, expect, it } from 'vitest';
import { ReportDocument } from '../../src/features/reports/pdf-canvas';
import { outlinePath } from '../../src/features/reports/report-image';
import { buildReportModel, reportAnalysis, reportCalibration, reportLandmarks } from '../../src/features/reports/report-model';

/** The pure parts of the report: what it shows, and how text and pages are written. */

describe('report model', () => {
  it('takes the ruler over the default PPM over nothing, and ignores a broken ruler', () => {
    const ruler = { version: 1, p1: { x: 0, y: 0 }, p2: { x: 30, y: 40 }, length_mm: 5, ppm: 99 };
    expect(reportCalibration(ruler, 8).label).toBe('Ruler, 10.00 px/mm'); // 50 px / 5 mm; the stored 99 is not trusted
    expect(reportCalibration({ ...ruler, p2: { x: 0, y: 0 } }, 8).label).toBe('Default PPM, 8.00 px/mm');
    expect(reportCalibration({ version: 2 }, null).label).toBe('Uncalibrated: lengths in px');
    expect(reportCalibration(ruler, 8, 'ko').label).toBe('자 보정, 10.00 px/mm');
    expect(reportCalibration(null, null, 'ja').label).toBe('未キャリブレーション：長さはpx単位');
    expect(reportCalibration(null, 8, 'vi', { row_spacing_mm: 0.1, column_spacing_mm: 0.1, tag: 'pixel-spacing', magnification: null }).label).toBe('DICOM, 10.00 px/mm');
    expect(reportCalibration(null, 0).calibration.kind).toBe('uncalibrated');
  });

  it("draws the user's point over the model's by registry id, keeps hand-placed and unknown points", () => {
    const ai = { version: 1, model: { id: 'm', version: '1' }, landmarks: [{ cname: 0, name: 'Sella', x: 10, y: 20 }, { cname: 4, name: MODEL_OUTPUT_NAMES_V1[4], x: 30, y: 40 }] };
    const edited = { version: 1, landmarks: [{ cname: 4, name: 'A', x: 33, y: 44 }, { cname: 150, name: 'Xi', x: 5, y: 6 }, { cname: 7, name: 'mystery', x: 1, y: 1 }] };
    const out = reportLandmarks(ai, edited);
    expect(out).toEqual([
      { id: 'S', label: 'S', x: 10, y: 20, edited: false },
      { id: 'A', label: 'A', x: 33, y: 44, edited: true },
      { id: 'Xi', label: 'Xi', x: 5, y: 6, edited: true },
      { id: 'Me', label: 'Me', x: 1, y: 1, edited: true },
    ]);
    expect(reportLandmarks({ version: 9 }, 'junk')).toEqual([]);
  });

  it('formats rows: values with units, norms, deviations and readings; incomplete rows name what is missing', () => {
    expect(reportAnalysis({})?.id).toBe('steiner');
    expect(reportAnalysis({ analysis_id: 'downs' })?.name).toBe('Downs');
    expect(reportAnalysis({ analysis_id: 'nope' })).toBeUndefined();
    expect(reportAnalysis({ analysis_id: 'downs', measurement_ids: ['SNB', 'SNA', 'SNB'], analysis_name: 'Mine' })).toEqual({ id: 'custom', name: 'Mine', source: 'user group', measurementIds: ['SNB', 'SNA'] });
    expect(reportAnalysis({ measurement_ids: ['SNA', 'NOPE'] })).toBeUndefined();
    const input = {
        now: new Date('2026-03-04T10:00:00Z'),
        clinic: 'Smile Dental',
        patient: { firstName: 'Kim', patientId: '7', birthInfo: '2010-03-05', gender: false },
        chart: { chartId: 'c-1', shootDate: null },
        analysisId: 'steiner',
        // S, N, A (SNA = 90° exactly: N→S along -x, N→A along +y).
        record: {
          inferResult: { version: 1, model: { id: 'm', version: '1' }, landmarks: [{ cname: 0, name: 'Sella', x: 0, y: 0 }, { cname: 1, name: 'Nasion', x: 100, y: 0 }, { cname: 4, name: MODEL_OUTPUT_NAMES_V1[4], x: 100, y: 100 }] },
          modifiedResult: null,
          rulerInfo: null,
        },
        defaultPpm: null,
    };
    const model = buildReportModel(input, getAnalysis('steiner') ?? (null as never));
    expect(model.patient).toEqual({ name: 'Kim', patientId: '7', birthDate: '2010-03-05', age: 15, gender: 'M' });
    expect(model.date).toBe('2026-03-04');
    const sna = model.rows.find((r) => r.id === 'SNA');
    expect(sna).toEqual({ id: 'SNA', name: 'SNA', value: '90.0\u00b0', norm: '82 \u00b1 2\u00b0', deviation: '+4.00 SD', interpretation: 'Severely increased (prognathic (protrusive) maxilla)' });
    expect(model.rows.find((r) => r.id === 'SNB')?.interpretation).toBe('Incomplete: missing B');
    expect(model.disclaimer).toBe('AI landmarks are a reference for medical staff, not a diagnosis.');
    const korean = buildReportModel({ ...input, lang: 'ko' }, getAnalysis('steiner') ?? (null as never));
    expect(korean.lang).toBe('ko');
    expect(korean.rows.find((r) => r.id === 'SNA')?.interpretation).toBe('심하게 증가 (상악 전돌)');
    expect(korean.rows.find((r) => r.id === 'SNB')?.interpretation).toBe('불완전: B 없음');
    expect(korean.disclaimer).toBe('AI 랜드마크는 의료진을 위한 참고 자료이며 진단이 아닙니다.');
    expect(korean.calibration).toBe('보정 안 됨: 길이는 px 단위');
  });
});

describe('PDF text and pages', () => {
  it('measures with the embedded fonts and wraps at spaces, or inside a word without spaces, never cutting', () => {
    const doc = new ReportDocument('en', { title: 'T', author: 'A', creationDate: new Date('2026-01-02T03:04:05Z') });
    expect(doc.textWidth('SNA SNA', 10)).toBeCloseTo(2 * doc.textWidth('SNA', 10) + doc.textWidth(' ', 10), 5);
    expect(doc.textWidth('SNA', 10, 'bold')).toBeGreaterThan(doc.textWidth('SNA', 10));
    const long = 'Severely increased (prognathic (protrusive) maxilla)';
    const lines = doc.wrap(long, 8, 80);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe(long);
    lines.forEach((line) => expect(doc.textWidth(line, 8)).toBeLessThanOrEqual(80));
    const cjk = doc.wrap('標準からの偏差が大きい上顎前突の傾向', 8, 40);
    expect(cjk.join('')).toBe('標準からの偏差が大きい上顎前突の傾向');
    expect(cjk.length).toBeGreaterThan(1);
  });

  it('traces outlines straight or as a Catmull-Rom spline through every point', () => {
    expect(outlinePath([{ x: 0, y: 0 }], true)).toBe('');
    expect(outlinePath([{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 20, y: 5 }], false)).toBe('M0 0 L10 0 L20 5');
    const spline = outlinePath([{ x: 0, y: 0 }, { x: 6, y: 0 }, { x: 12, y: 6 }], true);
    expect(spline).toBe('M0 0 C1 0 4 -1 6 0 C8 1 11 5 12 6');
  });
});
