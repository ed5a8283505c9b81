import { AUDIT_ENDPOINTS, FILE_ENDPOINTS, type AuditEventView, type AuditPage } from '@ceppro/contract';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../src/db/schema/index';
import { REFUSAL_WINDOW_MS, REFUSALS_RECORDED_PER_WINDOW } from '../../src/features/audit/audit-refusals';
import { createGraphHarness, type GraphHarness } from '../graphql/graph-harness';
import { ManualClock } from '../support/manual-clock';

/**
 * Refused requests in the trail, through HTTP and GraphQL on a real database: the requester's view
 * of "not yours" is the very row "does not exist" gives (what they sent, `failed`, no resolved
 * ids), while the owner sees the patient and chart it hit as `denied`; ids with a NUL or a lone
 * surrogate are recorded escaped; a flood of refusals is cut to a per-minute allowance and a count.
 */
const clock = new ManualClock(Date.parse('2026-05-01T09:00:00Z'));
let g: GraphHarness;
const owner = { token: '', patient: 0, uuid: '', chartId: '' };
let prober = '';
const NOWHERE = '00000000-0000-4000-8000-000000000000';
const VIEW_CHART = 'query($u: String!) { charts(filter: { uuid: $u }) { id } }';
const VIEW_PATIENT = 'query($id: Int!) { patient(id: $id) { id } }';

async function trail(token: string, query = ''): Promise<AuditEventView[]> {
  const reply = await g.h.app.inject({
    method: 'GET',
    url: `${AUDIT_ENDPOINTS.list.path}${query}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return (JSON.parse(reply.body) as { data: AuditPage }).data.items;
}

/** What must read the same for two refusals in the requester's view: all but id, time and what was sent. */
const shape = ({ id: _id, at: _at, target_id: _t, detail, ...rest }: AuditEventView) => ({
  ...rest,
  detail: { ...detail, requested: { ...(detail?.['requested'] as object), id: '*' } },
});

beforeAll(async () => {
  g = await createGraphHarness({}, { clock });
  owner.token = await g.signIn('refowner');
  prober = await g.signIn('refprober');
  const p = await g.ok<{ create_patient: { id: number } }>(
    owner.token,
    'mutation { create_patient(input: { first_name: "Refused Patient", birth_info: "1990-01-01", gender: true }) { id } }',
  );
  owner.patient = p.create_patient.id;
  const c = await g.ok<{ create_chart: { uuid: string; chart_id: string } }>(
    owner.token,
    'mutation($p: Int!) { create_chart(patient_id: $p) { uuid chart_id } }',
    { p: owner.patient },
  );
  Object.assign(owner, { uuid: c.create_chart.uuid, chartId: c.create_chart.chart_id });
});

afterAll(async () => {
  await g?.close();
});

describe('a refused request in the trail', () => {
  it('reads the same to the requester for "not yours" and "does not exist"; the owner sees what it hit', async () => {
    await g.ok(prober, VIEW_CHART, { u: owner.uuid });
    await g.ok(prober, VIEW_CHART, { u: NOWHERE });
    await g.ok(prober, VIEW_PATIENT, { id: owner.patient });
    await g.ok(prober, VIEW_PATIENT, { id: 2_000_000_000 });
    const [nowherePatient, ownersPatient, nowhereChart, ownersChart] = await trail(prober, '?limit=4');
    expect(ownersChart).toMatchObject({ action: 'chart.view', outcome: 'failed', target_type: 'chart', target_id: owner.uuid });
    expect(ownersChart?.detail).toEqual({ code: 'NOT_FOUND', requested: { type: 'chart', id: owner.uuid } });
    expect(nowhereChart?.target_id).toBe(NOWHERE);
    expect(shape(ownersChart!)).toEqual(shape(nowhereChart!));
    expect(ownersPatient).toMatchObject({ action: 'patient.view', outcome: 'failed', target_id: String(owner.patient), patient: null });
    expect(shape(ownersPatient!)).toEqual(shape(nowherePatient!));
    expect(JSON.stringify([ownersChart, ownersPatient])).not.toContain(owner.chartId);

    const seenByOwner = await trail(owner.token, '?outcome=denied');
    expect(seenByOwner.map((e) => [e.action, e.target_id, e.detail?.['patientId'], e.by_me])).toEqual([
      ['patient.view', String(owner.patient), owner.patient, false],
      ['chart.view', owner.chartId, owner.patient, false],
    ]);
    expect(seenByOwner[1]?.detail?.['requested']).toEqual({ type: 'chart', id: owner.uuid });
    expect(seenByOwner[0]?.patient).toMatchObject({ id: owner.patient, name: 'Refused Patient' });
  });

  it("filters the requester's trail as they see it: no denied rows, and a patient id matches what was sent", async () => {
    expect(await trail(prober, '?outcome=denied')).toEqual([]);
    const failed = await trail(prober, '?outcome=failed');
    expect(failed.map((e) => e.action)).toEqual(['patient.view', 'patient.view', 'chart.view', 'chart.view']);
    const byOwnersId = await trail(prober, `?patient_id=${owner.patient}`);
    const byNowhere = await trail(prober, '?patient_id=2000000000');
    expect(byOwnersId).toHaveLength(1);
    expect(byNowhere).toHaveLength(1);
    expect(shape(byOwnersId[0]!)).toEqual(shape(byNowhere[0]!));
  });

  it('records ids with a NUL, a control character or a lone surrogate, escaped', async () => {
    const sent = 'ab\u0000c\u001b[31m\ud800\\';
    const reply = await g.h.app.inject({
      method: 'POST',
      url: FILE_ENDPOINTS.download.path,
      headers: { authorization: `Bearer ${prober}`, 'content-type': 'application/json', 'user-agent': 'Probe\u0000/1' },
      payload: JSON.stringify({ chart_id: sent }),
    });
    expect(reply.statusCode).toBeGreaterThanOrEqual(400);
    const rows = await g.h.services.database.db.select().from(auditEvents).orderBy(asc(auditEvents.id));
    const row = rows.at(-1);
    const escaped = 'ab\\u0000c\\u001b[31m\\ud800\\\\';
    expect(row).toMatchObject({ action: 'image.view', targetId: escaped, userAgent: 'Probe\\u0000/1', outcome: 'failed' });
    expect(row?.detail).toMatchObject({ requested: { type: 'chart', id: escaped } });
  });
});

describe('a flood of refusals', () => {
  it('keeps the first of a minute one by one, then one row per owner that counts the rest', async () => {
    clock.advance(REFUSAL_WINDOW_MS);
    const flooder = await g.signIn('refflood');
    const before = (await trail(owner.token, '?outcome=denied&limit=100')).length;
    // 300 on the owner's patient, 100 on ids that do not exist: 400 refusals within a few seconds.
    for (let i = 0; i < 400; i++) {
      await g.ok(flooder, VIEW_PATIENT, { id: i % 4 === 3 ? 2_000_000_000 - i : owner.patient });
      if (i % 100 === 99) clock.advance(1_000);
    }
    const deniedRows = (await trail(owner.token, '?outcome=denied&limit=100')).length - before;
    // Of the first 20, those on the owner's patient (3 of every 4).
    expect(deniedRows).toBe(15);
    expect((await trail(flooder, '?limit=100')).filter((e) => e.action === 'patient.view')).toHaveLength(REFUSALS_RECORDED_PER_WINDOW);

    clock.advance(REFUSAL_WINDOW_MS);
    await g.h.services.audit.flushRefusals();
    const [summary] = await trail(owner.token, '?action=access');
    expect(summary).toMatchObject({ action: 'access.refused_more', outcome: 'denied', by_me: false });
    expect(summary?.detail).toMatchObject({ count: 300 - 15, actions: { 'patient.view': 300 - 15 } });
    const own = (await trail(flooder, '?action=access')).map((e) => [e.outcome, e.detail?.['count']]);
    // The flooder sees one count of all its refusals, never the owner's count (which would tell them apart).
    expect(own).toEqual([['failed', 400 - REFUSALS_RECORDED_PER_WINDOW]]);
    expect(await trail(flooder, '?outcome=denied')).toEqual([]);

    // The next minute starts a new allowance.
    await g.ok(flooder, VIEW_PATIENT, { id: owner.patient });
    expect((await trail(owner.token, '?outcome=denied&limit=100')).length - before).toBe(15 + 1 + 1);
  });
});
