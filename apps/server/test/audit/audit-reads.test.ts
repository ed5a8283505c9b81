import { AUDIT_ENDPOINTS, FILE_ENDPOINTS, PLANNING_ENDPOINTS, type AuditEventView, type AuditPage } from '@ceppro/contract';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, chartData } from '../../src/db/schema/index';
import { VIEW_REPEAT_WINDOW_MS } from '../../src/features/audit/audit.service';
import { createGraphHarness, type GraphHarness } from '../graphql/graph-harness';
import { ManualClock } from '../support/manual-clock';

/**
 * Reads of patient data in the trail, through GraphQL and HTTP on a real database: the patient list
 * (which patients a page returned), a patient's charts, a chart's images, analysis records and
 * drawings, the film's bytes fetched through its signed URL, superimposition and auto-alignment.
 * Another account's refused read is recorded as the refusal rules say: `denied` with what it hit
 * for the owner, and to the requester the very row an id that does not exist gives.
 */
const clock = new ManualClock(Date.parse('2026-06-01T09:00:00Z'));
let g: GraphHarness;
const a = { token: '', user: 0, patient: 0, chart: 0, chartId: '', emptyChart: 0, emptyChartId: '', image: 0, key: '' };
let tokenB = '';
const NOWHERE_ID = 2_000_000_000;
const NOWHERE_UUID = '00000000-0000-4000-8000-000000000000';

async function rows() {
  return g.h.services.database.db.select().from(auditEvents).orderBy(asc(auditEvents.id));
}

/** The rows written while `run` ran. */
async function recorded(run: () => Promise<unknown>) {
  const before = (await rows()).length;
  await run();
  return (await rows()).slice(before);
}

async function rest(method: 'GET' | 'POST', url: string, token: string | null, body?: unknown) {
  const response = await g.h.app.inject({
    method,
    url,
    headers: {
      ...(token !== null && { authorization: `Bearer ${token}` }),
      'x-forwarded-for': '198.51.100.20',
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { payload: JSON.stringify(body) }),
  });
  return { status: response.statusCode, text: response.body, json: () => JSON.parse(response.body) as Record<string, unknown> };
}

async function trail(token: string, query = ''): Promise<AuditEventView[]> {
  const reply = await rest('GET', `${AUDIT_ENDPOINTS.list.path}${query}`, token);
  expect(reply.status, reply.text).toBe(200);
  return (reply.json() as unknown as { data: AuditPage }).data.items;
}

/** What must read the same for two refusals in the requester's view: all but id, time and the id sent. */
const shape = ({ id: _id, at: _at, target_id: _t, detail, ...rest }: AuditEventView) => ({
  ...rest,
  detail: { ...detail, requested: { ...(detail?.['requested'] as object), id: '*' } },
});

beforeAll(async () => {
  g = await createGraphHarness({}, { clock });
  a.token = await g.signIn('readsa');
  tokenB = await g.signIn('readsb');
  const p = await g.ok<{ create_patient: { id: number } }>(
    a.token,
    'mutation { create_patient(input: { first_name: "Read Patient", birth_info: "1991-02-03", gender: false }) { id } }',
  );
  a.patient = p.create_patient.id;
  const chart = async () =>
    (
      await g.ok<{ create_chart: { id: number; chart_id: string } }>(
        a.token,
        'mutation($p: Int!) { create_chart(patient_id: $p) { id chart_id } }',
        {
          p: a.patient,
        },
      )
    ).create_chart;
  const c = await chart();
  const empty = await chart();
  Object.assign(a, { chart: c.id, chartId: c.chart_id, emptyChart: empty.id, emptyChartId: empty.chart_id });
  // A stored film and its thumbnail, as the upload check leaves them.
  a.key = `charts/${a.chartId}/11111111-2222-4333-8444-555555555555.jpg`;
  const storage = g.h.services.storage;
  await storage.putObject(a.key, Buffer.from('film bytes'), { contentType: 'image/jpeg' });
  await storage.putObject(a.key.replace(/\.jpg$/, '.thumb.jpg'), Buffer.from('thumb'), { contentType: 'image/jpeg' });
  const [row] = await g.h.services.database.db
    .insert(chartData)
    .values({
      chartRef: a.chart,
      imageTypeCd: '00700',
      shootDate: '2026-01-02',
      path: a.key,
      thumbnailPath: a.key.replace(/\.jpg$/, '.thumb.jpg'),
    })
    .returning({ id: chartData.id });
  a.image = row?.id ?? 0;
  const events = await rows();
  a.user = events.find((r) => r.action === 'patient.create')?.actorUserId ?? 0;
});

afterAll(async () => {
  await g?.close();
});

describe('the patient list', () => {
  const LIST =
    'query($page: Int, $q: String) { patients(page: $page, filter: { name_contains: $q }) { items { id } pagination { total } } }';

  it('records one patient.list per answered page with the patients it returned, and a repeat within a minute once', async () => {
    clock.advance(VIEW_REPEAT_WINDOW_MS);
    const first = await recorded(() => g.ok(a.token, LIST, { page: 0 }));
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      action: 'patient.list',
      actorUserId: a.user,
      ownerUserId: a.user,
      targetType: 'none',
      outcome: 'success',
      ip: '127.0.0.1',
      detail: { patientIds: [a.patient], total: 1, page: 0 },
    });
    // The list reloaded (a return from the viewer): the same page, the same patients, the same access.
    expect(await recorded(() => g.ok(a.token, LIST, { page: 0 }))).toHaveLength(0);
    // Another page is another read; so is the same one after the window.
    expect((await recorded(() => g.ok(a.token, LIST, { page: 1 })))[0]?.detail).toEqual({ patientIds: [], total: 0, page: 1 });
    clock.advance(VIEW_REPEAT_WINDOW_MS);
    expect(await recorded(() => g.ok(a.token, LIST, { page: 0 }))).toHaveLength(1);
  });

  it('keeps that a search was made, never what was typed (it may be a name)', async () => {
    const [row] = await recorded(() => g.ok(a.token, LIST, { page: 0, q: 'Read' }));
    expect(row?.detail).toEqual({ patientIds: [a.patient], total: 1, page: 0, search: true });
    expect(JSON.stringify(row)).not.toContain('Read');
  });

  it("is found by the owner's patient filter", async () => {
    const about = await trail(a.token, `?patient_id=${a.patient}&action=patient.list`);
    expect(about.length).toBeGreaterThanOrEqual(2);
    expect(about.every((e) => e.action === 'patient.list' && e.by_me)).toBe(true);
  });
});

describe('charts, images, records and drawings', () => {
  it("records a patient's chart list with the charts it returned", async () => {
    const [row] = await recorded(() => g.ok(a.token, 'query($p: Int) { charts(filter: { patient_id: $p }) { id } }', { p: a.patient }));
    expect(row).toMatchObject({ action: 'chart.list', targetType: 'patient', targetId: String(a.patient), outcome: 'success' });
    expect(row?.detail).toMatchObject({ patientId: a.patient, total: 2, patientIds: [a.patient] });
    expect((row?.detail?.['chartIds'] as string[]).sort()).toEqual([a.chartId, a.emptyChartId].sort());
    const [all] = await recorded(() => g.ok(a.token, '{ charts { id } }'));
    expect(all).toMatchObject({ action: 'chart.list', targetType: 'none', detail: { total: 2, patientIds: [a.patient] } });
  });

  it("records a chart's images (image.list), its analysis record (landmarks.view) and its drawings (drawing.view)", async () => {
    const ruler = { version: 1, p1: { x: 10, y: 10 }, p2: { x: 110, y: 10 }, length_mm: 10, ppm: 10 };
    const created = await g.ok<{ create_analysis_record: { id: number } }>(
      a.token,
      'mutation($c: Int!, $i: AnalysisRecordInput!) { create_analysis_record(chart_id: $c, input: $i) { id } }',
      { c: a.chart, i: { ruler_info: ruler } },
    );
    const events = await recorded(async () => {
      await g.ok(a.token, 'query($c: Int!) { chart_data(chart_id: $c) { id } }', { c: a.chart });
      await g.ok(a.token, 'query($c: Int) { analysis_records(filter: { chart_id: $c }) { items { id modified_result } } }', { c: a.chart });
      await g.ok(a.token, 'query($c: Int!) { drawing_result(chart_id: $c) }', { c: a.chart });
      await g.ok(a.token, '{ analysis_records { items { id } total } }');
    });
    expect(events.map((r) => [r.action, r.targetType, r.outcome])).toEqual([
      ['image.list', 'chart', 'success'],
      ['landmarks.view', 'chart', 'success'],
      ['drawing.view', 'chart', 'success'],
      ['landmarks.list', 'none', 'success'],
    ]);
    expect(events[0]?.detail).toEqual({ patientId: a.patient, imageIds: [a.image], total: 1 });
    expect(events[1]).toMatchObject({ targetId: a.chartId, detail: { patientId: a.patient } });
    expect(events[3]?.detail).toMatchObject({ total: 1 });
    // The same record named by its id within the minute (the viewer reloading it) is the same read.
    const again = await recorded(() =>
      g.ok(a.token, 'query($r: Int) { analysis_records(filter: { id: $r }) { items { id } } }', { r: created.create_analysis_record.id }),
    );
    expect(again).toEqual([]);
  });

  it("records the owner's empty chart as read, not refused", async () => {
    const events = await recorded(async () => {
      await g.ok(a.token, 'query($c: Int!) { chart_data(chart_id: $c) { id } }', { c: a.emptyChart });
      await g.ok(a.token, 'query($c: Int!) { drawing_result(chart_id: $c) }', { c: a.emptyChart });
    });
    expect(events.map((r) => [r.action, r.outcome, r.targetId])).toEqual([
      ['image.list', 'success', a.emptyChartId],
      ['drawing.view', 'success', a.emptyChartId],
    ]);
  });

  it("records B's reads of A's ids as denied for A, and to B exactly like ids that do not exist", async () => {
    clock.advance(VIEW_REPEAT_WINDOW_MS);
    const reads: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
      ['query($p: Int) { charts(filter: { patient_id: $p }) { id } }', { p: a.patient }, { p: NOWHERE_ID }],
      ['query($c: Int!) { chart_data(chart_id: $c) { id } }', { c: a.chart }, { c: NOWHERE_ID }],
      ['query($c: Int) { analysis_records(filter: { chart_id: $c }) { items { id } } }', { c: a.chart }, { c: NOWHERE_ID }],
      ['query($c: Int!) { drawing_result(chart_id: $c) }', { c: a.chart }, { c: NOWHERE_ID }],
    ];
    for (const [query, theirs, nowhere] of reads) {
      const answered = await g.ok<Record<string, unknown>>(tokenB, query, theirs);
      expect(JSON.stringify(answered)).not.toContain(String(a.image));
      await g.ok(tokenB, query, nowhere);
    }
    const seenByB = (await trail(tokenB, '?limit=8')).reverse();
    expect(seenByB.map((e) => e.action)).toEqual([
      'chart.list',
      'chart.list',
      'image.list',
      'image.list',
      'landmarks.view',
      'landmarks.view',
      'drawing.view',
      'drawing.view',
    ]);
    for (let i = 0; i < seenByB.length; i += 2) {
      expect(seenByB[i]).toMatchObject({ outcome: 'failed', patient: null, detail: { code: 'NOT_FOUND' } });
      expect(shape(seenByB[i]!)).toEqual(shape(seenByB[i + 1]!));
    }
    expect(JSON.stringify(seenByB)).not.toContain(a.chartId);
    const seenByA = await trail(a.token, '?outcome=denied&limit=4');
    expect(seenByA.map((e) => [e.action, e.by_me, e.detail?.['patientId']]).reverse()).toEqual([
      ['chart.list', false, a.patient],
      ['image.list', false, a.patient],
      ['landmarks.view', false, a.patient],
      ['drawing.view', false, a.patient],
    ]);
    expect(seenByA[0]?.patient).toMatchObject({ id: a.patient, name: 'Read Patient' });
  });
});

describe('the film', () => {
  /** The signed URL's path and query, as the browser would fetch it. */
  const pathOf = (url: unknown) => {
    const parsed = new URL(String(url));
    return `${parsed.pathname}${parsed.search}`;
  };

  it('records the URL issue (image.view) and the fetch of the bytes (image.fetch), under the account it was issued to', async () => {
    clock.advance(VIEW_REPEAT_WINDOW_MS);
    const issued = await rest('POST', FILE_ENDPOINTS.download.path, a.token, { chart_id: a.chartId });
    expect(issued.status, issued.text).toBe(200);
    const entries = Object.values((issued.json() as { data: Record<string, { presignedPath: string }> }).data);
    const url = pathOf(entries[0]?.presignedPath);
    const fetched = await recorded(async () => {
      const file = await rest('GET', url, null);
      expect(file.status).toBe(200);
      expect(file.text).toBe('film bytes');
    });
    expect(fetched).toHaveLength(1);
    expect(fetched[0]).toMatchObject({
      action: 'image.fetch',
      actorUserId: a.user,
      ownerUserId: a.user,
      targetType: 'file',
      targetId: a.key,
      ip: '198.51.100.20',
      outcome: 'success',
      detail: { file: 'original', via: 'signed-url', patientId: a.patient, chartId: a.chartId, imageId: a.image },
    });
    // The same bytes fetched again within the minute (the viewer's film and its reload): one access.
    expect(await recorded(() => rest('GET', url, null))).toHaveLength(0);

    const thumbs = await rest('POST', FILE_ENDPOINTS.download.path, a.token, { chart_id: a.chartId, thumbnail_only_check: true });
    const thumb = pathOf(Object.values((thumbs.json() as { data: Record<string, { presignedPath: string }> }).data)[0]?.presignedPath);
    const [row] = await recorded(() => rest('GET', thumb, null));
    expect(row).toMatchObject({ action: 'image.fetch', detail: { file: 'thumbnail', imageId: a.image } });
  });

  it('records nothing for a fetch the signature refuses (no account, nothing read)', async () => {
    const forged = `/files/${a.key}?exp=9999999999&sig=${'A'.repeat(43)}`;
    const events = await recorded(async () => expect((await rest('GET', forged, null)).status).toBe(403));
    expect(events).toEqual([]);
  });
});

describe('planning', () => {
  it('records a superimposition per film named, and an auto-alignment; refused ones as the refusal rules say', async () => {
    const own = await recorded(() =>
      rest('POST', PLANNING_ENDPOINTS.superimposition.path, a.token, { chart_ids: [a.chartId, a.emptyChartId], method: 'sn-at-s' }),
    );
    // No landmarks on these films: refused, but recorded as the read it tried, per film.
    expect(own.map((r) => [r.action, r.targetId, r.outcome, r.detail?.['code']])).toEqual([
      ['chart.superimpose', a.chartId, 'failed', 'SUPERIMPOSITION_NO_LANDMARKS'],
      ['chart.superimpose', a.emptyChartId, 'failed', 'SUPERIMPOSITION_NO_LANDMARKS'],
    ]);
    expect(own[0]?.detail).toMatchObject({ method: 'sn-at-s', films: 2, patientId: a.patient });

    const byB = await recorded(async () => {
      expect(
        (await rest('POST', PLANNING_ENDPOINTS.superimposition.path, tokenB, { chart_ids: [a.chartId, NOWHERE_UUID], method: 'best-fit' }))
          .status,
      ).toBe(404);
      expect((await rest('POST', PLANNING_ENDPOINTS.autoAlign.path, tokenB, { chart_id: a.chartId })).status).toBe(404);
      expect((await rest('POST', PLANNING_ENDPOINTS.autoAlign.path, tokenB, { chart_id: NOWHERE_UUID })).status).toBe(404);
    });
    expect(byB.map((r) => [r.action, r.ownerUserId === a.user, r.outcome])).toEqual([
      ['chart.superimpose', true, 'denied'],
      ['chart.superimpose', false, 'failed'],
      ['chart.auto_align', true, 'denied'],
      ['chart.auto_align', false, 'failed'],
    ]);
    const seenByB = await trail(tokenB, '?action=chart.auto_align');
    expect(seenByB).toHaveLength(2);
    expect(shape(seenByB[0]!)).toEqual(shape(seenByB[1]!));
  });
});
