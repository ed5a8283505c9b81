import {
  analysisMeasurements,
  calibrationFromDefaultPpm,
  evaluateMeasurements,
  getAnalysis,
  imagePoint,
  interpretMeasurement,
  MODEL_OUTPUT_IDS_V1,
  normFor,
  UNCALIBRATED,
  type ImagePoint,
  type LandmarkId,
} from '@ceppro/ceph';
import { describe, expect, it } from 'vitest';
import {
  buildExportRows,
  buildLandmarksDocument,
  csvField,
  csvHeader,
  csvRecord,
  exportAnalyses,
  EXPORT_COLUMNS,
  rowsPerChart,
  type ExportChart,
} from '../src/exports';
import { FILM_300 } from './fixtures/film-300';

/** The first ten landmarks of ISBI film 300 (image px); the user moved A point (model output 4) 30 px forward. */
const AI = FILM_300.slice(0, 10);
const chart = (over: Partial<ExportChart> = {}): ExportChart => ({
  patient: { patientId: '7', name: '홍길동', birthDate: '2011-02-03', female: true },
  chartId: 'c-1',
  shootDate: '2024-03-05',
  record: {
    inferResult: {
      version: 1,
      model: { id: 'ceph-landmarks-v2', version: '2.0.0' },
      landmarks: AI.map(([x, y], cname) => ({ cname, name: `L${cname}`, x, y, confidence: 0.8 })),
    },
    modifiedResult: { version: 1, landmarks: [{ cname: 4, name: MODEL_OUTPUT_IDS_V1[4] ?? '', x: 728, y: 716 }] },
    rulerInfo: null,
  },
  defaultPpm: null,
  ...over,
});

function positions(): Partial<Record<LandmarkId, ImagePoint>> {
  const out: Partial<Record<LandmarkId, ImagePoint>> = {};
  AI.forEach(([x, y], cname) => {
    const id = MODEL_OUTPUT_IDS_V1[cname];
    if (id) out[id] = cname === 4 ? imagePoint(728, 716) : imagePoint(x, y);
  });
  return out;
}

describe('buildExportRows', () => {
  it("gives the engine's value, norm, deviation and reading for every measurement, in table order", () => {
    const steiner = getAnalysis('steiner');
    if (!steiner) throw new Error('steiner');
    const rows = buildExportRows(chart(), [steiner]);
    const defs = analysisMeasurements(steiner);
    const results = evaluateMeasurements(defs, positions(), UNCALIBRATED);
    expect(rows.map((r) => r.measurement_id)).toEqual(defs.map((d) => d.id));
    rows.forEach((row, i) => {
      const def = defs[i];
      const result = results[i];
      if (!def || !result) throw new Error('row');
      const reading = interpretMeasurement(def, result, 'female');
      expect(row.status).toBe(result.status);
      expect(row.value).toBe(result.status === 'ok' ? Math.round(result.value * 1e4) / 1e4 : null);
      expect(row.deviation_sd).toBe(reading.z === null ? null : Math.round(reading.z * 1e4) / 1e4);
      expect(row.norm_mean).toBe(normFor(def, 'female')?.mean ?? null);
      expect([row.patient_name, row.sex, row.analysis, row.model_version, row.calibration_source]).toEqual([
        '홍길동',
        'F',
        'Steiner',
        '2.0.0',
        'none',
      ]);
    });
    const sna = rows.find((r) => r.measurement_id === 'SNA');
    expect(sna?.landmark_source).toBe('adjusted');
    expect(sna?.interpretation).toMatch(/^(Within|Mildly|Moderately|Severely|Within norm)/i);
  });

  it('reports lengths in mm with a calibration and px without, and explains incomplete rows', () => {
    const mcnamara = getAnalysis('mcnamara');
    if (!mcnamara) throw new Error('mcnamara');
    const calibrated = buildExportRows(chart({ defaultPpm: 10 }), [mcnamara]);
    const plain = buildExportRows(chart(), [mcnamara]);
    const mmResults = evaluateMeasurements(analysisMeasurements(mcnamara), positions(), calibrationFromDefaultPpm(10));
    calibrated.forEach((row, i) => {
      const r = mmResults[i];
      expect(row.calibration_source).toBe('default PPM');
      expect(row.px_per_mm).toBe(10);
      if (r?.status === 'ok') expect([row.value, row.unit]).toEqual([Math.round(r.value * 1e4) / 1e4, r.unit]);
    });
    expect(plain.some((r) => r.unit === 'px')).toBe(true);
    const incomplete = plain.find((r) => r.status === 'incomplete');
    expect(incomplete?.interpretation).toMatch(/^Incomplete: missing /);
    expect(incomplete?.value).toBeNull();
  });

  it("takes a DICOM film's pixel spacing before the default PPM (the viewer's rule)", () => {
    const mcnamara = getAnalysis('mcnamara');
    if (!mcnamara) throw new Error('mcnamara');
    const dicomCalibration = { row_spacing_mm: 0.1, column_spacing_mm: 0.1, tag: 'pixel-spacing' as const, magnification: null };
    const rows = buildExportRows({ ...chart({ defaultPpm: 5 }), dicomCalibration }, [mcnamara]);
    expect(rows.every((r) => r.calibration_source === 'DICOM' && r.px_per_mm === 10)).toBe(true);
  });

  it('gives incomplete rows, never NaN, for a chart whose record does not parse', () => {
    const rows = buildExportRows(
      chart({ record: { inferResult: { version: 9 }, modifiedResult: 'x', rulerInfo: 3 } }),
      exportAnalyses({ analyses: 'all' }) ?? [],
    );
    expect(rows).toHaveLength(rowsPerChart(exportAnalyses({ analyses: 'all' }) ?? []));
    expect(rows.every((r) => r.status === 'incomplete' && r.value === null && r.model_version === null && r.landmark_source === null)).toBe(
      true,
    );
  });
});

describe('exportAnalyses', () => {
  it('picks a built-in analysis, a user group, every analysis, or refuses unknown ids', () => {
    expect(exportAnalyses({ analysis_id: 'downs' })?.map((a) => a.id)).toEqual(['downs']);
    expect(exportAnalyses({ measurement_ids: ['ANB', 'SNB'], analysis_name: 'Mine' })).toEqual([
      { id: 'custom', name: 'Mine', source: 'user group', measurementIds: ['ANB', 'SNB'] },
    ]);
    expect(exportAnalyses({ analyses: 'all' })?.length).toBeGreaterThan(5);
    expect(exportAnalyses({ analysis_id: 'nope' })).toBeUndefined();
    expect(exportAnalyses({ measurement_ids: ['SNA', 'NOPE'] })).toBeUndefined();
    expect(exportAnalyses({ analysis_ids: ['steiner', 'nope'] })).toBeUndefined();
  });
});

describe('CSV', () => {
  it.each([
    [null, ''],
    [82.5, '82.5'],
    [-1.25, '-1.25'],
    ['홍길동', '홍길동'],
    ['Nguyễn Văn Đức', 'Nguyễn Văn Đức'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\r\nlines', '"two\nlines"'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['-2', "'-2"],
  ])('field %j -> %s', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('ends records with CRLF and names every column in order', () => {
    expect(csvRecord(['a', 1, null])).toBe('a,1,\r\n');
    expect(csvHeader()).toBe(`${EXPORT_COLUMNS.join(',')}\r\n`);
  });
});

describe('buildLandmarksDocument', () => {
  it('puts AI and adjusted positions side by side, with mm when calibrated', () => {
    const doc = buildLandmarksDocument(
      { ...chart({ defaultPpm: 10 }), imageSize: { width: 1000, height: 1200 } },
      new Date('2025-01-02T03:04:05Z'),
    );
    expect(doc.exported_at).toBe('2025-01-02T03:04:05.000Z');
    expect(doc.image).toEqual({ width: 1000, height: 1200 });
    expect(doc.model).toEqual({ id: 'ceph-landmarks-v2', version: '2.0.0' });
    const a = doc.landmarks.find((l) => l.id === MODEL_OUTPUT_IDS_V1[4]);
    expect(a).toMatchObject({
      source: 'adjusted',
      ai: { x: 698, y: 716, x_mm: 69.8, y_mm: 71.6, confidence: 0.8 },
      adjusted: { x: 728, y: 716, x_mm: 72.8, y_mm: 71.6 },
    });
    const uncalibrated = buildLandmarksDocument({ ...chart(), imageSize: null }, new Date(0));
    expect(uncalibrated.calibration).toEqual({ source: 'none', px_per_mm: null });
    expect(uncalibrated.landmarks.find((l) => l.id === MODEL_OUTPUT_IDS_V1[0])?.ai).toEqual({ x: 391, y: 514, confidence: 0.8 });
  });
});
