import {
  ANALYSES,
  analysisMeasurements,
  calibrationFromDefaultPpm,
  evaluateMeasurements,
  getAnalysis,
  imagePoint,
  interpretMeasurement,
  landmarkIdFromName,
  MODEL_OUTPUT_NAMES_V1,
  UNCALIBRATED,
  type Calibration,
  type ImagePoint,
  type LandmarkId,
} from '@ceppro/ceph';
import { CSV_BOM, EXPORT_COLUMNS, EXPORT_ENDPOINTS, EXPORT_HEADERS, rowsPerChart, type ServerEvent } from '@ceppro/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisRecords, charts, patients } from '../../src/db/schema/index';
import { createExportRepository } from '../../src/features/exports/export.repository';
import { createExportService } from '../../src/features/exports/export.service';
import { createGraphHarness, type GraphHarness } from '../graphql/graph-harness';
import { FILM_300, film300InferResult } from '../fixtures/film-300';
import { csvRecords, parseCsv, xlsxRecords } from '../helpers/export-files';

/**
 * Measurement exports through HTTP on a real database: values are the engine's, files open in
 * Excel's terms (BOM, quoting; a real XLSX read back with exceljs), only the caller's data leaves,
 * and a big batch is read page by page.
 */

const INFER_RESULT = film300InferResult({ id: 'ceph-test', version: '2.0.0' });
/** The user moved A point (cname 4) forward 40 px. */
const MODIFIED = { version: 1, landmarks: [{ cname: 4, name: MODEL_OUTPUT_NAMES_V1[4] ?? '', x: 738, y: 716 }] };
const SIZE = { width: 1935, height: 2400 };

let t: GraphHarness;
let tokenA: string;
let tokenB: string;
let userA: number;
let korean: { patient: number; chartId: string };
let vietnamese: { patient: number; chartId: string };
let other: { patient: number; chartId: string };

function positions(adjusted: boolean): Partial<Record<LandmarkId, ImagePoint>> {
  const out: Partial<Record<LandmarkId, ImagePoint>> = {};
  FILM_300.forEach(([x, y], cname) => {
    const id = landmarkIdFromName(MODEL_OUTPUT_NAMES_V1[cname] ?? '');
    if (id) out[id] = adjusted && cname === 4 ? imagePoint(738, 716) : imagePoint(x, y);
  });
  return out;
}

/** What the viewer's analysis table computes (buildAnalysisRows): measurement id -> value and z. */
function engine(
  analysisId: string,
  adjusted: boolean,
  calibration: Calibration,
  female = true,
): Map<string, { value: number | null; z: number | null }> {
  const analysis = getAnalysis(analysisId);
  if (!analysis) throw new Error(analysisId);
  const defs = analysisMeasurements(analysis);
  const results = evaluateMeasurements(defs, positions(adjusted), calibration);
  return new Map(
    defs.map((d, i) => {
      const r = results[i];
      if (!r) throw new Error('no result');
      return [d.id, { value: r.status === 'ok' ? r.value : null, z: interpretMeasurement(d, r, female ? 'female' : 'male').z }];
    }),
  );
}

async function chartFor(token: string, name: string, birth = '2011-02-03'): Promise<{ patient: number; chartId: string; ref: number }> {
  const p = await t.ok<{ create_patient: { id: number } }>(
    token,
    'mutation($i: CreatePatientInput!) { create_patient(input: $i) { id } }',
    { i: { first_name: name, birth_info: birth, gender: true } },
  );
  const c = await t.ok<{ create_chart: { id: number; chart_id: string } }>(
    token,
    'mutation($p: Int!) { create_chart(patient_id: $p) { id chart_id } }',
    { p: p.create_patient.id },
  );
  await t.addImage(c.create_chart.id, '00700', '2024-03-05');
  await t.h.services.database.db
    .insert(analysisRecords)
    .values({ chartRef: c.create_chart.id, inferResult: INFER_RESULT, modifiedResult: MODIFIED, imgSize: SIZE });
  return { patient: p.create_patient.id, chartId: c.create_chart.chart_id, ref: c.create_chart.id };
}

async function post(token: string | null, url: string, body: unknown) {
  const response = await t.h.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(token !== null && { authorization: `Bearer ${token}` }) },
    payload: JSON.stringify(body),
  });
  const json = String(response.headers['content-type']).startsWith('application/json')
    ? (JSON.parse(response.body) as Record<string, unknown>)
    : null;
  return {
    status: response.statusCode,
    headers: response.headers,
    bytes: response.rawPayload,
    text: response.rawPayload.toString('utf8'),
    json,
  };
}

function records(text: string): Array<Record<string, string>> {
  return csvRecords(text.slice(1));
}

beforeAll(async () => {
  t = await createGraphHarness();
  tokenA = await t.signIn('expa');
  tokenB = await t.signIn('expb');
  korean = await chartFor(tokenA, '홍길동');
  vietnamese = await chartFor(tokenA, 'Nguyễn Văn Đức, "Duc"');
  other = await chartFor(tokenB, 'Other Clinic Patient');
  const [row] = await t.h.services.database.db.select({ userId: patients.userId }).from(patients).where(eq(patients.id, korean.patient));
  userA = Number(row?.userId);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('POST /api/exports/chart', () => {
  it("gives a CSV with BOM whose values, norms and deviations are the engine's, names intact", async () => {
    const r = await post(tokenA, EXPORT_ENDPOINTS.chart.path, { chart_id: korean.chartId, format: 'csv', analysis_id: 'steiner' });
    expect(r.status, r.text.slice(0, 300)).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toBe(`attachment; filename="ceppro-measurements-${korean.chartId}.csv"`);
    expect([...r.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(r.text.startsWith(CSV_BOM)).toBe(true);
    expect(parseCsv(r.text.slice(1))[0]).toEqual([...EXPORT_COLUMNS]);
    const rows = records(r.text);
    const expected = engine('steiner', true, UNCALIBRATED);
    expect(rows).toHaveLength(expected.size);
    for (const row of rows) {
      expect(row['patient_name']).toBe('홍길동');
      expect(row['birth_date']).toBe('2011-02-03');
      expect(row['shoot_date']).toBe('2024-03-05');
      expect(row['chart_id']).toBe(korean.chartId);
      expect(row['analysis']).toBe('Steiner');
      expect(row['calibration_source']).toBe('none');
      expect(row['model_version']).toBe('2.0.0');
      const want = expected.get(row['measurement_id'] ?? '');
      if (want?.value == null) expect(row['value']).toBe('');
      else expect(Number(row['value'])).toBeCloseTo(want.value, 4);
      if (want?.z == null) expect(row['deviation_sd']).toBe('');
      else expect(Number(row['deviation_sd'])).toBeCloseTo(want.z, 4);
    }
    const sna = rows.find((row) => row['measurement_id'] === 'SNA');
    expect(sna?.['landmark_source']).toBe('adjusted');
    expect(sna?.['norm_mean']).toBe('82');
    expect(sna?.['norm_sd']).toBe('2');
    expect(sna?.['unit']).toBe('deg');
    expect(rows.find((row) => row['measurement_id'] === 'SNB')?.['landmark_source']).toBe('AI');
  });

  it('quotes names with commas and quotes, and measures in mm with the default PPM', async () => {
    await t.ok(tokenA, 'mutation { update_user_config(input: { default_ppm: 10 }) { default_ppm } }');
    try {
      const r = await post(tokenA, EXPORT_ENDPOINTS.chart.path, { chart_id: vietnamese.chartId, format: 'csv', analysis_id: 'mcnamara' });
      expect(r.status).toBe(200);
      expect(r.text).toContain('"Nguyễn Văn Đức, ""Duc"""');
      const rows = records(r.text);
      expect(rows[0]?.['patient_name']).toBe('Nguyễn Văn Đức, "Duc"');
      const expected = engine('mcnamara', true, calibrationFromDefaultPpm(10));
      const mm = rows.filter((row) => row['unit'] === 'mm');
      expect(mm.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row['calibration_source']).toBe('default PPM');
        expect(row['px_per_mm']).toBe('10');
        const want = expected.get(row['measurement_id'] ?? '')?.value;
        if (want != null) expect(Number(row['value'])).toBeCloseTo(want, 4);
      }
    } finally {
      await t.ok(tokenA, 'mutation { update_user_config(input: { default_ppm: null }) { default_ppm } }');
    }
  });

  it("gives an XLSX that exceljs reads back with the engine's numbers, all analyses or a user group", async () => {
    const r = await post(tokenA, EXPORT_ENDPOINTS.chart.path, { chart_id: korean.chartId, format: 'xlsx', analyses: 'all' });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const rows = await xlsxRecords(r.bytes);
    expect(rows).toHaveLength(rowsPerChart(ANALYSES));
    expect(new Set(rows.map((row) => row['analysis']))).toEqual(new Set(ANALYSES.map((a) => a.name)));
    const downs = engine('downs', true, UNCALIBRATED);
    for (const row of rows.filter((x) => x['analysis'] === getAnalysis('downs')?.name)) {
      expect(row['patient_name']).toBe('홍길동');
      const want = downs.get(String(row['measurement_id']));
      if (want?.value == null) expect(row['value']).toBeNull();
      else {
        expect(typeof row['value']).toBe('number');
        expect(row['value'] as number).toBeCloseTo(want.value, 4);
      }
    }
    const group = await post(tokenA, EXPORT_ENDPOINTS.chart.path, {
      chart_id: korean.chartId,
      format: 'xlsx',
      measurement_ids: ['ANB', 'SNB'],
      analysis_name: '내 그룹',
    });
    const groupRows = await xlsxRecords(group.bytes);
    expect(groupRows.map((row) => [row['analysis'], row['measurement_id']])).toEqual([
      ['내 그룹', 'ANB'],
      ['내 그룹', 'SNB'],
    ]);
  });

  it("answers NOT_FOUND for another user's chart and VALIDATION_FAILED for bad input", async () => {
    for (const body of [
      { chart_id: other.chartId, format: 'csv' },
      { chart_id: '00000000-0000-4000-8000-000000000000', format: 'xlsx' },
    ]) {
      const r = await post(tokenA, EXPORT_ENDPOINTS.chart.path, body);
      expect([r.status, r.json?.['code']]).toEqual([404, 'NOT_FOUND']);
      expect(r.text).not.toContain('Other Clinic');
    }
    for (const body of [
      { chart_id: korean.chartId, format: 'pdf' },
      { chart_id: 'nope', format: 'csv' },
      { chart_id: korean.chartId, format: 'csv', analysis_id: 'nonsense' },
      { chart_id: korean.chartId, format: 'csv', measurement_ids: ['SNA', 'NOPE'] },
    ]) {
      const r = await post(tokenA, EXPORT_ENDPOINTS.chart.path, body);
      expect([r.status, r.json?.['code']]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await post(null, EXPORT_ENDPOINTS.chart.path, { chart_id: korean.chartId, format: 'csv' })).status).toBe(401);
  });
});

describe('POST /api/exports/chart-landmarks', () => {
  it('gives AI and adjusted landmarks side by side, image size, model and mm when calibrated', async () => {
    await t.ok(tokenA, 'mutation { update_user_config(input: { default_ppm: 10 }) { default_ppm } }');
    try {
      const r = await post(tokenA, EXPORT_ENDPOINTS.landmarks.path, { chart_id: korean.chartId });
      expect(r.status).toBe(200);
      expect(r.headers['content-disposition']).toBe(`attachment; filename="ceppro-landmarks-${korean.chartId}.json"`);
      const doc = JSON.parse(r.text) as {
        image: unknown;
        model: unknown;
        calibration: unknown;
        patient: { name: string };
        landmarks: Array<{
          id: string;
          source: string;
          ai: { x: number; x_mm?: number; confidence: number } | null;
          adjusted: { x: number; y: number; x_mm?: number } | null;
        }>;
      };
      expect(doc.image).toEqual(SIZE);
      expect(doc.model).toEqual({ id: 'ceph-test', version: '2.0.0' });
      expect(doc.calibration).toEqual({ source: 'default PPM', px_per_mm: 10 });
      expect(doc.patient.name).toBe('홍길동');
      // The model's 19 points, then those constructed from them (packages/ceph constructed.ts: Stms, Stmi, Pm).
      expect(doc.landmarks.filter((l) => l.source !== 'constructed')).toHaveLength(19);
      expect(doc.landmarks.filter((l) => l.source === 'constructed').map((l) => l.id)).toEqual(['Stms', 'Stmi', 'Pm']);
      const a = doc.landmarks.find((l) => l.id === landmarkIdFromName(MODEL_OUTPUT_NAMES_V1[4] ?? ''));
      expect(a?.source).toBe('adjusted');
      expect(a?.ai).toEqual({ x: 698, y: 716, x_mm: 69.8, y_mm: 71.6, confidence: 0.9 });
      expect(a?.adjusted).toEqual({ x: 738, y: 716, x_mm: 73.8, y_mm: 71.6 });
      const s = doc.landmarks.find((l) => l.id === landmarkIdFromName(MODEL_OUTPUT_NAMES_V1[0] ?? ''));
      expect([s?.source, s?.adjusted]).toEqual(['AI', null]);
    } finally {
      await t.ok(tokenA, 'mutation { update_user_config(input: { default_ppm: null }) { default_ppm } }');
    }
    expect((await post(tokenB, EXPORT_ENDPOINTS.landmarks.path, { chart_id: korean.chartId })).status).toBe(404);
  });
});

describe('POST /api/exports/batch', () => {
  it("streams every measurement of the caller's charts only, counts given up front", async () => {
    const r = await post(tokenA, EXPORT_ENDPOINTS.batch.path, { format: 'csv' });
    expect(r.status, r.text.slice(0, 300)).toBe(200);
    expect(r.headers[EXPORT_HEADERS.charts]).toBe('2');
    expect(r.headers[EXPORT_HEADERS.rows]).toBe(String(2 * rowsPerChart(ANALYSES)));
    expect(r.text.startsWith(CSV_BOM)).toBe(true);
    const rows = records(r.text);
    expect(rows).toHaveLength(2 * rowsPerChart(ANALYSES));
    expect(new Set(rows.map((row) => row['patient_name']))).toEqual(new Set(['홍길동', 'Nguyễn Văn Đức, "Duc"']));
    expect(r.text).not.toContain('Other Clinic');
  });

  it("selects patients by id and ignores another user's ids", async () => {
    const mine = await post(tokenA, EXPORT_ENDPOINTS.batch.path, {
      format: 'csv',
      patient_ids: [vietnamese.patient, other.patient],
      analysis_ids: ['steiner'],
    });
    expect(mine.status).toBe(200);
    const rows = records(mine.text);
    expect(new Set(rows.map((row) => row['chart_id']))).toEqual(new Set([vietnamese.chartId]));
    expect(rows).toHaveLength(rowsPerChart([getAnalysis('steiner')].flatMap((a) => (a ? [a] : []))));
    const theirs = await post(tokenA, EXPORT_ENDPOINTS.batch.path, { format: 'csv', patient_ids: [other.patient] });
    expect(theirs.status).toBe(200);
    expect(theirs.headers[EXPORT_HEADERS.charts]).toBe('0');
    expect(records(theirs.text)).toEqual([]);
    expect(theirs.text).not.toContain('Other Clinic');
  });

  it("streams an XLSX that exceljs reads back with the engine's values", async () => {
    const r = await post(tokenA, EXPORT_ENDPOINTS.batch.path, { format: 'xlsx', analysis_ids: ['steiner', 'downs'] });
    expect(r.status).toBe(200);
    const rows = await xlsxRecords(r.bytes);
    const steiner = engine('steiner', true, UNCALIBRATED);
    expect(rows).toHaveLength(2 * rowsPerChart(ANALYSES.filter((a) => a.id === 'steiner' || a.id === 'downs')));
    for (const row of rows.filter((x) => x['analysis'] === 'Steiner')) {
      const want = steiner.get(String(row['measurement_id']));
      if (want?.value != null) expect(row['value'] as number).toBeCloseTo(want.value, 4);
    }
    expect(new Set(rows.map((row) => row['patient_name']))).toEqual(new Set(['홍길동', 'Nguyễn Văn Đức, "Duc"']));
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    for (const body of [
      { format: 'pdf' },
      {},
      { format: 'csv', patient_ids: [] },
      { format: 'csv', patient_ids: ['1'] },
      { format: 'csv', patient_ids: [-3] },
      { format: 'csv', analysis_ids: ['nope'] },
      { format: 'csv', export_id: 'x' },
    ]) {
      const r = await post(tokenA, EXPORT_ENDPOINTS.batch.path, body);
      expect([r.status, r.json?.['code']], JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED']);
    }
  });

  it('reads a large account page by page while the client reads, and reports progress per page', async () => {
    const db = t.h.services.database.db;
    const [patient] = await db
      .insert(patients)
      .values({ userId: userA, firstName: 'Bulk Patient', birthInfo: '2010-01-01', gender: false, patientId: 'BULK' })
      .returning({ id: patients.id });
    const refs = await db
      .insert(charts)
      .values(Array.from({ length: 240 }, (_, i) => ({ chartId: `bulk-${String(i).padStart(4, '0')}`, patientRef: Number(patient?.id) })))
      .returning({ id: charts.id });
    await db.insert(analysisRecords).values(refs.map((c) => ({ chartRef: c.id, inferResult: INFER_RESULT })));

    const repository = createExportRepository(db);
    let pagesRead = 0;
    const counted = {
      ...repository,
      batchPage: async (...args: Parameters<typeof repository.batchPage>) => {
        pagesRead++;
        return repository.batchPage(...args);
      },
    };
    const events: ServerEvent[] = [];
    const exportId = '11111111-2222-4333-8444-555555555555';
    let lastArrived = (): void => undefined;
    const last = new Promise<void>((resolve) => {
      lastArrived = resolve;
    });
    const off = t.h.services.events.subscribe(userA, (m) => {
      if (m.kind !== 'event') return;
      events.push(m.event);
      if (m.event.type === 'export.progress' && m.event.exportId === exportId && m.event.done === m.event.total) lastArrived();
    });
    const service = createExportService({ exports: counted, events: t.h.services.events, pageSize: 20 });
    const batch = await service.batch(userA, {
      format: 'csv',
      patient_ids: [Number(patient?.id)],
      analysis_ids: ['steiner'],
      export_id: exportId,
    });
    expect([batch.charts, batch.rows]).toEqual([240, 240 * rowsPerChart(ANALYSES.filter((a) => a.id === 'steiner'))]);
    // The header, then one page: the rest of the account has not been read yet.
    const iterator = batch.stream[Symbol.asyncIterator]();
    let text = '';
    for (const next of [await iterator.next(), await iterator.next()]) text += next.done ? '' : String(next.value);
    expect(pagesRead).toBeGreaterThanOrEqual(1);
    expect(pagesRead).toBeLessThan(240 / 20);
    // A second batch of the same account waits its turn.
    await expect(service.batch(userA, { format: 'csv' })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) text += String(next.value);
    expect(pagesRead).toBe(240 / 20 + 1);
    expect(text.split('\r\n').filter((l) => l.includes('Bulk Patient'))).toHaveLength(batch.rows);
    const progressOf = () =>
      events.filter((e): e is Extract<ServerEvent, { type: 'export.progress' }> => e.type === 'export.progress' && e.exportId === exportId);
    // On PostgreSQL the bus is LISTEN/NOTIFY: the last event may still be in flight when the stream ends.
    await last;
    off();
    const progress = progressOf();
    expect(progress[0]).toMatchObject({ done: 0, total: 240 });
    expect(progress.at(-1)).toMatchObject({ done: 240, total: 240 });
    expect(progress.map((e) => e.done)).toEqual([...progress.map((e) => e.done)].sort((a, b) => a - b));
    // The slot is free again.
    const again = await service.batch(userA, { format: 'csv', patient_ids: [korean.patient] });
    for await (const _ of again.stream) void _;
  });
});
