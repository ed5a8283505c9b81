import { IMAGE_TYPE } from '@ceppro/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartData, charts, patients } from '../../src/db/schema/index';
import { createGraphHarness, type GraphHarness } from './graph-harness';

/**
 * patients.image_types (bit 1 cephalogram, bit 2 facial photo) is kept by database triggers; the
 * patient list filters and counts on it. Every change of a chart or an image must keep it right.
 */
let g: GraphHarness;
let token: string;

const db = () => g.h.services.database.db;

async function bits(patientId: number): Promise<number> {
  const [row] = await db().select({ bits: patients.imageTypes }).from(patients).where(eq(patients.id, patientId));
  return row?.bits ?? -1;
}

async function newPatient(name: string): Promise<number> {
  const data = await g.ok<{ create_patient: { id: number } }>(
    token,
    'mutation($i: CreatePatientInput!) { create_patient(input: $i) { id } }',
    {
      i: { first_name: name, birth_info: '1990-01-01', gender: false },
    },
  );
  return data.create_patient.id;
}

async function newChart(patientId: number): Promise<number> {
  const data = await g.ok<{ create_chart: { id: number } }>(token, 'mutation($p: Int!) { create_chart(patient_id: $p) { id } }', {
    p: patientId,
  });
  return data.create_chart.id;
}

const BOTH = [IMAGE_TYPE.cephalogram, IMAGE_TYPE.lateralFace];

async function listTotal(types?: string[]): Promise<number> {
  const data = await g.ok<{ patients: { pagination: { total: number } } }>(
    token,
    'query($f: PatientFilter) { patients(filter: $f) { pagination { total } } }',
    {
      f: types ? { image_type_cd: types } : {},
    },
  );
  return data.patients.pagination.total;
}

beforeAll(async () => {
  g = await createGraphHarness();
  token = await g.signIn('bits');
});
afterAll(async () => {
  await g?.close();
});

describe('patients.image_types follows charts and images', () => {
  it('sets, moves and clears the bits as images and charts come and go', async () => {
    const a = await newPatient('Bits A');
    const b = await newPatient('Bits B');
    expect([await bits(a), await listTotal(BOTH)]).toEqual([0, 0]);

    const chart = await newChart(a);
    const ceph = await g.addImage(chart, IMAGE_TYPE.cephalogram);
    expect(await bits(a)).toBe(1);
    const face = await g.addImage(chart, IMAGE_TYPE.lateralFace);
    expect(await bits(a)).toBe(3);
    expect([await listTotal(BOTH), await listTotal([IMAGE_TYPE.cephalogram]), await listTotal([IMAGE_TYPE.lateralFace])]).toEqual([
      1, 1, 1,
    ]);

    await db().update(chartData).set({ deletedAt: new Date() }).where(eq(chartData.id, ceph));
    expect(await bits(a)).toBe(2);
    expect([await listTotal([IMAGE_TYPE.cephalogram]), await listTotal([IMAGE_TYPE.lateralFace])]).toEqual([0, 1]);

    // a pending image (uploaded, not yet committed by detection) does not count
    await db()
      .update(chartData)
      .set({ pendingExpiresAt: new Date(Date.now() + 60_000) })
      .where(eq(chartData.id, face));
    expect(await bits(a)).toBe(0);
    await db().update(chartData).set({ pendingExpiresAt: null }).where(eq(chartData.id, face));
    expect(await bits(a)).toBe(2);

    // moving the chart moves the bits (update_chart)
    await g.ok(token, 'mutation($id: Int!, $p: Int!) { update_chart(id: $id, input: { patient_id: $p }) { id } }', { id: chart, p: b });
    expect([await bits(a), await bits(b)]).toEqual([0, 2]);

    // deleting the chart clears them (delete_chart is a soft delete)
    await g.ok(token, 'mutation($id: Int!) { delete_chart(id: $id) }', { id: chart });
    expect(await bits(b)).toBe(0);
    expect(await listTotal(BOTH)).toBe(0);

    // a draft chart's images do not count; hard-deleting rows (the sweeper) recomputes too
    const draft = await newChart(a);
    await g.addImage(draft, IMAGE_TYPE.cephalogram);
    expect(await bits(a)).toBe(1);
    await db()
      .update(charts)
      .set({ draftExpiresAt: new Date(Date.now() + 60_000) })
      .where(eq(charts.id, draft));
    expect(await bits(a)).toBe(0);
    await db().update(charts).set({ draftExpiresAt: null }).where(eq(charts.id, draft));
    expect(await bits(a)).toBe(1);
    await db().delete(chartData).where(eq(chartData.chartRef, draft));
    expect(await bits(a)).toBe(0);
  });
});
