import { MODEL_OUTPUT_NAMES_V1 } from '@ceppro/ceph';
import { describe, expect, it } from 'vitest';
import {
  buildReportModel,
  reportAnalysis,
  reportFootnotes,
  reportCalibration,
  reportDefinitions,
  reportLandmarks,
  reportModelSchema,
} from '../src/index';
import { steiner, STEINER_INPUT as INPUT } from './fixtures/report-input';

/** The one report model both renderers draw (server PDF, browser print), built from the saved record. */

describe('report model', () => {
  it('takes the ruler over DICOM over the default PPM over nothing, says which, and ignores a broken ruler', () => {
    const ruler = { version: 1, p1: { x: 0, y: 0 }, p2: { x: 30, y: 40 }, length_mm: 5, ppm: 99 };
    // 50 px / 5 mm; the stored 99 is not trusted.
    expect(reportCalibration(ruler, 8)).toMatchObject({ label: 'Ruler, 10.00 px/mm', source: 'ruler' });
    const broken = { ...ruler, p2: { x: 0, y: 0 } };
    expect(reportCalibration(broken, 8)).toMatchObject({ label: 'Default PPM, 8.00 px/mm', source: 'default-ppm' });
    expect(reportCalibration({ version: 2 }, null)).toMatchObject({ label: 'Uncalibrated: lengths in px', source: 'none' });
    expect(reportCalibration(ruler, 8, 'ko').label).toBe('자 보정, 10.00 px/mm');
    expect(reportCalibration(null, null, 'ja').label).toBe('未キャリブレーション：長さはpx単位');
    const dicom = { row_spacing_mm: 0.1, column_spacing_mm: 0.1, tag: 'pixel-spacing', magnification: null } as const;
    expect(reportCalibration(null, 8, 'vi', dicom)).toMatchObject({ label: 'DICOM, 10.00 px/mm', source: 'dicom' });
    expect(reportCalibration(null, 0).calibration.kind).toBe('uncalibrated');
  });

  it("draws the user's point over the model's by registry id, keeps hand-placed and unknown points, names them in the language", () => {
    const ai = {
      version: 1,
      model: { id: 'm', version: '1' },
      landmarks: [
        { cname: 0, name: 'Sella', x: 10, y: 20 },
        { cname: 4, name: MODEL_OUTPUT_NAMES_V1[4], x: 30, y: 40 },
      ],
    };
    const edited = {
      version: 1,
      landmarks: [
        { cname: 4, name: 'A', x: 33, y: 44 },
        { cname: 150, name: 'Xi', x: 5, y: 6 },
        { cname: 7, name: 'mystery', x: 1, y: 1 },
      ],
    };
    expect(reportLandmarks(ai, edited).map(({ name: _, ...l }) => l)).toEqual([
      { id: 'S', label: 'S', x: 10, y: 20, edited: false },
      { id: 'A', label: 'A', x: 33, y: 44, edited: true },
      { id: 'Xi', label: 'Xi', x: 5, y: 6, edited: true },
      { id: 'Me', label: 'Me', x: 1, y: 1, edited: true },
    ]);
    expect(reportLandmarks(ai, edited)[0]?.name).toBe('Sella');
    expect(reportLandmarks(ai, null, 'ko')[0]?.name).not.toBe('Sella');
    expect(reportLandmarks({ version: 9 }, 'junk')).toEqual([]);
  });

  it('chooses the analysis: a user group (deduplicated), a built-in one, or steiner by default', () => {
    expect(reportAnalysis({})?.id).toBe('steiner');
    expect(reportAnalysis({ analysis_id: 'downs' })?.name).toBe('Downs');
    expect(reportAnalysis({ analysis_id: 'nope' })).toBeUndefined();
    expect(reportAnalysis({ analysis_id: 'downs', measurement_ids: ['SNB', 'SNA', 'SNB'], analysis_name: 'Mine' })).toEqual({
      id: 'custom',
      name: 'Mine',
      source: 'user group',
      measurementIds: ['SNB', 'SNA'],
    });
    expect(reportAnalysis({ measurement_ids: ['SNA', 'NOPE'] })).toBeUndefined();
  });

  it('formats rows: values with units, norms, deviations and readings; incomplete rows name what is missing', () => {
    const model = buildReportModel(INPUT, steiner);
    expect(model.patient).toEqual({ name: 'Kim', patientId: '7', birthDate: '2010-03-05', age: 15, gender: 'M' });
    expect(model.date).toBe('2026-03-04');
    expect(model.rows.find((r) => r.id === 'SNA')).toEqual({
      id: 'SNA',
      name: 'SNA',
      value: '90.0\u00b0',
      norm: '82 \u00b1 2\u00b0',
      deviation: '+4.00 SD',
      interpretation: 'Severely increased (prognathic (protrusive) maxilla)',
      note: null,
      normNote: 'some sources ±3',
    });
    expect(model.rows.find((r) => r.id === 'SNB')?.interpretation).toBe('Incomplete: missing B');
    expect(model.disclaimer).toBe('AI landmarks are a reference for medical staff, not a diagnosis.');
    expect([model.calibration, model.calibrationSource]).toEqual(['Uncalibrated: lengths in px', 'none']);
    expect([model.superimposition, model.profilogram, model.vto]).toEqual([null, null, null]);
    const korean = buildReportModel({ ...INPUT, lang: 'ko' }, steiner);
    expect(korean.lang).toBe('ko');
    expect(korean.rows.find((r) => r.id === 'SNA')?.interpretation).toBe('심하게 증가 (상악 전돌)');
    expect(korean.rows.find((r) => r.id === 'SNB')?.interpretation).toBe('불완전: B 없음');
    expect(korean.disclaimer).toBe('AI 랜드마크는 의료진을 위한 참고 자료이며 진단이 아닙니다.');
    expect(korean.calibration).toBe('보정 안 됨: 길이는 px 단위');
  });

  it('carries the notes in the report language: a row with a caveat has it, the others null; footnotes number them once', () => {
    const korean = buildReportModel({ ...INPUT, lang: 'ko' }, steiner);
    const row = (id: string) => korean.rows.find((r) => r.id === id);
    expect(row('ANB')).toMatchObject({ note: 'SNA − SNB, 부호를 그대로 유지.', normNote: null });
    expect(row('SNA')).toMatchObject({ note: null, normNote: '일부 문헌에서는 ±3' });
    expect(row('SND')).toMatchObject({ note: null, normNote: null });
    expect(buildReportModel(INPUT, steiner).rows.find((r) => r.id === 'ANB')?.note).toBe('SNA − SNB, keeps its sign.');
    const { marks, notes } = reportFootnotes(korean.rows);
    expect(marks).toHaveLength(korean.rows.length);
    const ids = korean.rows.map((r) => r.id);
    expect(marks[ids.indexOf('ANB')]?.name).toBe(notes.find((n) => n.text === 'SNA − SNB, 부호를 그대로 유지.')?.n);
    expect(marks[ids.indexOf('SND')]).toEqual({ name: null, norm: null });
    expect(notes.map((n) => n.n)).toEqual(notes.map((_, i) => i + 1));
    // The same text twice keeps its first number.
    const shared = reportFootnotes([
      { note: 'a', normNote: 'b' },
      { note: 'a', normNote: null },
      { note: null, normNote: 'c' },
    ]);
    expect(shared).toEqual({
      marks: [
        { name: 1, norm: 2 },
        { name: 1, norm: null },
        { name: null, norm: 3 },
      ],
      notes: [
        { n: 1, text: 'a' },
        { n: 2, text: 'b' },
        { n: 3, text: 'c' },
      ],
    });
  });

  it("carries the film: the record's size, the viewer's tracing (packages/ceph outlinePaths) and the drawings", () => {
    const drawingResult = {
      version: 1,
      coords: [{ id: 't', tool: 'text', at: [5, 6], text: '메모', width: 2, scales: true, color: '#00ff00', opacity: 1 }],
    };
    const record = { ...INPUT.record, imgSize: { width: 968, height: 1200 }, drawingResult };
    const model = buildReportModel({ ...INPUT, record }, steiner);
    expect(model.film.size).toEqual({ width: 968, height: 1200 });
    expect(model.film.tracing).toEqual([{ id: 'cranial-base', d: 'M0 0 L100 0' }]);
    expect(model.film.drawings.map((d) => d.id)).toEqual(['t']);
    const bare = buildReportModel(INPUT, steiner).film;
    expect(bare).toEqual({ size: null, tracing: [{ id: 'cranial-base', d: 'M0 0 L100 0' }], drawings: [] });
  });

  it("prints an older version's Superimposition-tab drawings with the film's (drawings belong to the film)", () => {
    const line = (id: string) => ({ id, tool: 'line', from: [1, 2], to: [3, 4], width: 2, scales: true, color: '#ff00ff', opacity: 1 });
    const drawingResult = { version: 1, coords: [line('film')], superimpositionCoords: [line('older')] };
    const model = buildReportModel({ ...INPUT, record: { ...INPUT.record, drawingResult } }, steiner);
    expect(model.film.drawings.map((d) => d.id)).toEqual(['film', 'older']);
  });

  it('prints the landmark definitions the AI points were placed by, marking one the film did not show, in the language', () => {
    const definitions = {
      profile: { Po: 'machine', Go: 'constructed', Me: 'isbi' },
      applied: [
        { id: 'Po', choice: 'machine', found: true },
        { id: 'Go', choice: 'constructed', found: false, reason: 'not-on-film' },
        { id: 'Me', choice: 'isbi', found: true },
      ],
    };
    const record = { ...INPUT.record, inferResult: { ...(INPUT.record.inferResult as object), definitions } };
    expect(buildReportModel({ ...INPUT, record }, steiner).definitions).toBe(
      'Machine porion, Constructed gonion not found (AI point used), Menton (ISBI)',
    );
    expect(reportDefinitions(record.inferResult, 'ko')).toBe('기계적 포리온, 작도 고니온 (찾지 못함: AI 점 사용), 멘톤 (ISBI)');
    expect(reportDefinitions(record.inferResult, 'ja')).toBe(
      '機械的ポリオン、作図によるゴニオン（検出できず：AIの点を使用）、メントン（ISBI）',
    );
    // The model's own definitions (nothing stored), or no model result: no line.
    expect(buildReportModel(INPUT, steiner).definitions).toBeNull();
    expect(reportDefinitions(null)).toBeNull();
  });

  it('survives JSON: what the server sends is what the schema reads back', () => {
    const model = buildReportModel({ ...INPUT, lang: 'vi', defaultPpm: 10 }, steiner);
    expect(reportModelSchema.parse(JSON.parse(JSON.stringify(model)))).toEqual(model);
    expect(reportModelSchema.safeParse({ ...model, lang: 'fr' }).success).toBe(false);
  });
});
