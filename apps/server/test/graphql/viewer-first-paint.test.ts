import { viewerFirstPaintQuery } from '@ceppro/contract';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, chartData } from '../../src/db/schema/index';
import { VIEW_REPEAT_WINDOW_MS } from '../../src/features/audit/audit.service';
import { ManualClock } from '../support/manual-clock';
import { createGraphHarness, type GraphHarness } from './graph-harness';

/**
 * The viewer's first paint in one request (contract `viewerFirstPaintQuery`): the chart by uuid with
 * its film's signed URL, its analysis record by the same uuid, and the user's settings, through
 * POST /graphql on a real database. Each read is in the trail once, as the separate requests were;
 * another account's uuid gives nothing of the chart, its film or its record.
 */
const clock = new ManualClock(Date.parse('2026-06-01T09:00:00Z'));
let g: GraphHarness;
const a = { token: '', patient: 0, chart: 0, uuid: '', chartId: '', image: 0, record: 0, emptyUuid: '', key: '' };
let tokenB = '';
const INFER = {
  version: 1,
  model: { id: 'ceph-landmarks', version: 'v1' },
  landmarks: [{ cname: 1, name: 'Sella', x: 100.5, y: 200, confidence: 0.9 }],
};
const RULER = { version: 2, p1: { x: 10, y: 10 }, p2: { x: 110, y: 10 }, length_mm: 10 };

const rows = () => g.h.services.database.db.select().from(auditEvents).orderBy(asc(auditEvents.id));

async function recorded(run: () => Promise<unknown>) {
  const before = (await rows()).length;
  await run();
  return (await rows()).slice(before);
}

const firstPaint = (token: string, uuid: string) => g.gql(token, viewerFirstPaintQuery.document, { uuid });

beforeAll(async () => {
  g = await createGraphHarness({}, { clock });
  a.token = await g.signIn('painta');
  tokenB = await g.signIn('paintb');
  a.patient = (
    await g.ok<{ create_patient: { id: number } }>(
      a.token,
      'mutation { create_patient(input: { first_name: "Paint Patient", birth_info: "2012-07-15", gender: true }) { id } }',
    )
  ).create_patient.id;
  const chart = async () =>
    (
      await g.ok<{ create_chart: { id: number; uuid: string; chart_id: string } }>(
        a.token,
        'mutation($p: Int!) { create_chart(patient_id: $p) { id uuid chart_id } }',
        { p: a.patient },
      )
    ).create_chart;
  const c = await chart();
  Object.assign(a, { chart: c.id, uuid: c.uuid, chartId: c.chart_id, emptyUuid: (await chart()).uuid });
  // A stored film, as the upload check leaves it.
  const key = `charts/${a.chartId}/11111111-2222-4333-8444-555555555555.jpg`;
  a.key = key;
  await g.h.services.storage.putObject(key, Buffer.from('film bytes'), { contentType: 'image/jpeg' });
  const [row] = await g.h.services.database.db
    .insert(chartData)
    .values({ chartRef: a.chart, imageTypeCd: '00700', shootDate: '2026-01-02', path: key, width: 1935, height: 2400 })
    .returning({ id: chartData.id });
  a.image = row?.id ?? 0;
  a.record = (
    await g.ok<{ create_analysis_record: { id: number } }>(
      a.token,
      'mutation($c: Int!, $i: AnalysisRecordInput!) { create_analysis_record(chart_id: $c, input: $i) { id } }',
      { c: a.chart, i: { infer_result: INFER, ruler_info: RULER, img_size: { width: 1935, height: 2400 } } },
    )
  ).create_analysis_record.id;
  await g.ok(a.token, 'mutation { update_user_config(input: { landmark_NY: false, default_ppm: 12.5 }) { unique_id } }');
});

afterAll(async () => {
  await g?.close();
});

describe('the viewer first paint query', () => {
  it('answers chart, film, record and settings in one request, in the shape the web app parses', async () => {
    const reply = await firstPaint(a.token, a.uuid);
    expect(reply.body.errors, reply.raw).toBeUndefined();
    const parsed = viewerFirstPaintQuery.result.parse(reply.body.data);
    const [chart] = parsed.charts;
    expect(chart).toMatchObject({ id: a.chart, uuid: a.uuid, chart_id: a.chartId, analysis_record_id: a.record });
    expect(chart?.cephalogram).toMatchObject({ chart_data_id: a.image, image_type_cd: '00700', lost: false, width: 1935, height: 2400 });
    // The same signed URL POST /minio/download issues: it serves the film's bytes.
    const url = new URL(String(chart?.cephalogram?.presignedPath));
    const film = await g.h.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(film.statusCode).toBe(200);
    expect(film.body).toBe('film bytes');
    expect(parsed.analysis_records.items).toEqual([
      expect.objectContaining({ id: a.record, chart_id: a.chart, infer_result: INFER, ruler_info: RULER, revision: expect.any(Number) }),
    ]);
    expect(parsed.analysis_records.items[0]?.document_revisions?.documents.ruler_info).toMatch(/^[0-9a-f]{32}$/);
    expect(parsed.user_config).toMatchObject({ landmark_NY: false, cephalo_image_NY: true, default_ppm: 12.5 });
  });

  it('records the chart, its film and its landmarks as read once each', async () => {
    clock.advance(VIEW_REPEAT_WINDOW_MS);
    const events = await recorded(async () => expect((await firstPaint(a.token, a.uuid)).body.errors).toBeUndefined());
    expect(events.map((e) => [e.action, e.targetType, e.targetId, e.outcome]).sort()).toEqual(
      [
        ['chart.view', 'chart', a.chartId, 'success'],
        ['image.view', 'chart', a.chartId, 'success'],
        ['landmarks.view', 'chart', a.chartId, 'success'],
      ].sort(),
    );
    // Opened again within the minute (a reload): the same reads, not recorded again.
    expect(await recorded(() => firstPaint(a.token, a.uuid))).toEqual([]);
  });

  it("gives another account nothing of the chart for its uuid, and records the refusal for the chart's owner", async () => {
    clock.advance(VIEW_REPEAT_WINDOW_MS);
    const events = await recorded(async () => {
      const reply = await firstPaint(tokenB, a.uuid);
      expect(reply.body.errors, reply.raw).toBeUndefined();
      const data = viewerFirstPaintQuery.result.parse(reply.body.data);
      expect(data.charts).toEqual([]);
      expect(data.analysis_records.items).toEqual([]);
      // B's own settings, never A's.
      expect(data.user_config).toMatchObject({ landmark_NY: true, default_ppm: null });
      expect(reply.raw).not.toContain(a.chartId);
    });
    expect(events.map((e) => [e.action, e.outcome]).sort()).toEqual([
      ['chart.view', 'denied'],
      ['landmarks.view', 'denied'],
    ]);
  });

  it('answers a chart without film or record with nulls, and a malformed uuid as invalid input', async () => {
    const data = viewerFirstPaintQuery.result.parse((await firstPaint(a.token, a.emptyUuid)).body.data);
    expect(data.charts[0]).toMatchObject({ uuid: a.emptyUuid, cephalogram: null, analysis_record_id: null });
    expect(data.analysis_records.items).toEqual([]);
    const bad = await firstPaint(a.token, 'not-a-uuid');
    expect(bad.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
  });

  it('marks the film lost when its stored object is missing', async () => {
    await g.h.services.storage.deleteObject(a.key);
    const data = viewerFirstPaintQuery.result.parse((await firstPaint(a.token, a.uuid)).body.data);
    expect(data.charts[0]?.cephalogram).toMatchObject({ chart_data_id: a.image, lost: true, presignedPath: null });
  });
});
