import { IMAGE_TYPE } from '@ceppro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphHarness, type GraphHarness } from './graph-harness';

/**
 * User B calls every query and mutation with user A's ids: B sees nothing of A's and changes
 * nothing (A's rows are compared before and after every call).
 */
let g: GraphHarness;
let tokenA: string;
let tokenB: string;
const a = { patient: 0, patientUuid: '', chart: 0, chartUuid: '', chartId: '', image: 0, record: 0 };
let aUserId = 0;
let bPatient = 0;
let bChart = 0;

async function snapshotOfA() {
  const db = g.h.services.database.db;
  return {
    patients: await db.query.patients.findMany({ where: (t, { eq }) => eq(t.id, a.patient) }),
    charts: await db.query.charts.findMany({ where: (t, { eq }) => eq(t.id, a.chart) }),
    chartData: await db.query.chartData.findMany({ where: (t, { eq }) => eq(t.chartRef, a.chart) }),
    records: await db.query.analysisRecords.findMany({ where: (t, { eq }) => eq(t.chartRef, a.chart) }),
    configs: await db.query.userConfigs.findMany({ where: (t, { eq }) => eq(t.userId, aUserId) }),
    user: await db.query.users.findFirst({
      where: (t, { eq }) => eq(t.id, aUserId),
      columns: { userPermission: true, firstName: true, updatedAt: true },
    }),
    patientCount: await g.h.count('patients'),
    chartCount: await g.h.count('charts'),
    recordCount: await g.h.count('analysis_records'),
  };
}

beforeAll(async () => {
  g = await createGraphHarness();
  tokenA = await g.signIn('usera');
  tokenB = await g.signIn('userb');
  const p = (
    await g.ok<{ create_patient: { id: number } }>(
      tokenA,
      `mutation { create_patient(input: { first_name: "Secret Patient", birth_info: "1980-01-01", gender: true }) { id } }`,
    )
  ).create_patient;
  a.patient = p.id;
  const c = (
    await g.ok<{ create_chart: { id: number; uuid: string; chart_id: string } }>(
      tokenA,
      `mutation($p: Int!) { create_chart(patient_id: $p) { id uuid chart_id } }`,
      { p: p.id },
    )
  ).create_chart;
  a.chart = c.id;
  a.chartUuid = c.uuid;
  a.chartId = c.chart_id;
  a.image = await g.addImage(c.id, IMAGE_TYPE.cephalogram);
  a.record = (
    await g.ok<{ create_analysis_record: { id: number } }>(
      tokenA,
      `mutation($c: Int!) { create_analysis_record(chart_id: $c, input: { drawing_result: { version: 1, coords: [] } }) { id } }`,
      { c: c.id },
    )
  ).create_analysis_record.id;
  await g.ok(tokenA, `mutation { update_user_config(input: { default_ppm: 9.5 }) { default_ppm } }`);
  const owner = await g.h.services.database.db.query.patients.findFirst({ where: (t, { eq }) => eq(t.id, p.id) });
  aUserId = owner?.userId ?? 0;
  bPatient = (
    await g.ok<{ create_patient: { id: number } }>(
      tokenB,
      `mutation { create_patient(input: { first_name: "B Patient", birth_info: "1990-01-01", gender: false }) { id } }`,
    )
  ).create_patient.id;
  bChart = (
    await g.ok<{ create_chart: { id: number } }>(tokenB, `mutation($p: Int!) { create_chart(patient_id: $p) { id } }`, { p: bPatient })
  ).create_chart.id;
});
afterAll(async () => {
  await g.close();
});

describe("queries with A's ids return nothing of A's", () => {
  it.each([
    ['patient', `query($id: Int!) { patient(id: $id) { id first_name } }`, () => ({ id: a.patient }), { patient: null }],
    ['charts by patient', `query($id: Int!) { charts(filter: { patient_id: $id }) { id } }`, () => ({ id: a.patient }), { charts: [] }],
    ['charts by uuid', `query($u: String!) { charts(filter: { uuid: $u }) { id } }`, () => ({ u: a.chartUuid }), { charts: [] }],
    ['charts by chart_id', `query($c: String!) { charts(filter: { chart_id: $c }) { id } }`, () => ({ c: a.chartId }), { charts: [] }],
    ['chart data', `query($c: Int!) { chart_data(chart_id: $c) { id path } }`, () => ({ c: a.chart }), { chart_data: [] }],
    [
      'analysis records by id',
      `query($id: Int!) { analysis_records(filter: { id: $id }) { items { id } total } }`,
      () => ({ id: a.record }),
      { analysis_records: { items: [], total: 0 } },
    ],
    [
      'analysis records by chart',
      `query($c: Int!) { analysis_records(filter: { chart_id: $c }) { items { id } total } }`,
      () => ({ c: a.chart }),
      { analysis_records: { items: [], total: 0 } },
    ],
    ['drawing result', `query($c: Int!) { drawing_result(chart_id: $c) }`, () => ({ c: a.chart }), { drawing_result: null }],
  ])('%s', async (_label, query, variables, expected) => {
    const reply = await g.gql(tokenB, query, variables());
    expect(reply.body, reply.raw).toEqual({ data: expected });
    expect(reply.raw).not.toContain('Secret');
  });

  it("lists, user config and users show B's own rows only", async () => {
    const list = await g.ok<{ patients: { items: Array<{ first_name: string }>; pagination: { total: number } } }>(
      tokenB,
      `{ patients(filter: { image_type_cd: [] }) { items { first_name } pagination { total } } }`,
    );
    expect(list.patients.items.map((p) => p.first_name)).toEqual(['B Patient']);
    const allCharts = await g.ok<{ charts: Array<{ id: number }> }>(tokenB, `{ charts { id } }`);
    expect(allCharts.charts.map((c) => c.id)).toEqual([bChart]);
    const records = await g.ok<{ analysis_records: { total: number } }>(tokenB, `{ analysis_records { total } }`);
    expect(records.analysis_records.total).toBe(0);
    const config = await g.gql(tokenB, `{ user_config { default_ppm } }`);
    expect(config.raw).not.toContain('9.5');
    const users = await g.ok<{ users: Array<{ first_name: string }> }>(tokenB, `{ users { first_name } }`);
    expect(users.users.map((u) => u.first_name)).toEqual([expect.stringMatching(/^userb/)]);
  });
});

describe("mutations with A's ids are NOT_FOUND and change nothing", () => {
  it.each([
    [
      'update_patient',
      `mutation($id: Int!) { update_patient(id: $id, input: { first_name: "Hijacked" }) { id } }`,
      () => ({ id: a.patient }),
    ],
    ['delete_patient', `mutation($id: Int!) { delete_patient(id: $id) }`, () => ({ id: a.patient })],
    ["create_chart on A's patient", `mutation($p: Int!) { create_chart(patient_id: $p) { id } }`, () => ({ p: a.patient })],
    [
      "update_chart of A's chart",
      `mutation($id: Int!, $p: Int!) { update_chart(id: $id, input: { patient_id: $p }) { id } }`,
      () => ({ id: a.chart, p: bPatient }),
    ],
    [
      "update_chart moving B's chart to A's patient",
      `mutation($id: Int!, $p: Int!) { update_chart(id: $id, input: { patient_id: $p }) { id } }`,
      () => ({ id: bChart, p: a.patient }),
    ],
    ['delete_chart', `mutation($id: Int!) { delete_chart(id: $id) }`, () => ({ id: a.chart })],
    [
      'update_chart_data',
      `mutation($id: Int!) { update_chart_data(id: $id, input: { shoot_date: "2000-01-01" }) { id } }`,
      () => ({ id: a.image }),
    ],
    [
      "create_analysis_record on A's chart",
      `mutation($c: Int!) { create_analysis_record(chart_id: $c, input: { drawing_result: { version: 1 } }) { id } }`,
      () => ({ c: a.chart }),
    ],
    [
      'update_analysis_record',
      `mutation($id: Int!) { update_analysis_record(id: $id, input: { modified_result: ` +
        `{ version: 2, image: { chart_data_id: 1 }, landmarks: [] }, drawing_result: ` +
        `{ version: 1, hijacked: true } }, base_revision: 1, base_documents: { drawing_result: null }) { id } }`,
      () => ({ id: a.record }),
    ],
  ])('%s', async (_label, mutation, variables) => {
    const before = await snapshotOfA();
    const reply = await g.gql(tokenB, mutation, variables());
    expect(reply.body.errors?.[0]?.extensions?.code, reply.raw).toBe('NOT_FOUND');
    expect(reply.body.data ?? null).toBeNull();
    expect(reply.raw).not.toContain('Secret');
    expect(await snapshotOfA()).toEqual(before);
  });

  it("B's own config and permission updates leave A's untouched", async () => {
    const before = await snapshotOfA();
    await g.ok(tokenB, `mutation { update_user_config(input: { default_ppm: 1.5 }) { default_ppm } }`);
    await g.ok(tokenB, `mutation { update_user(user_permission: { version: 1, tutorial: false }) { uuid } }`);
    expect(await snapshotOfA()).toEqual(before);
  });

  it('A still sees everything B tried to reach', async () => {
    const seen = await g.ok<{ patient: { first_name: string; charts: Array<{ id: number }> } }>(
      tokenA,
      `query($id: Int!) { patient(id: $id) { first_name charts { id } } }`,
      { id: a.patient },
    );
    expect(seen.patient).toEqual({ first_name: 'Secret Patient', charts: [{ id: a.chart }] });
  });
});
