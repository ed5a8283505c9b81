import { IMAGE_TYPE } from '@ceppro/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../support/manual-clock';
import { createGraphHarness, PATIENT_FIELDS, type GraphHarness } from './graph-harness';

/** Patients through POST /graphql: create/update/delete rules, and the list's paging, sort and search. */
let g: GraphHarness;
let token: string;

const CREATE = `mutation($i: CreatePatientInput!) { create_patient(input: $i) { ${PATIENT_FIELDS} } }`;
const LIST = `query($page: Int, $filter: PatientFilter, $sort: PatientSort, $cf: PatientChartFilter) {
  patients(page: $page, filter: $filter, sort: $sort, chart_filter: $cf) { items { ${PATIENT_FIELDS} } pagination { page page_size total } }
}`;

interface Patient {
  id: number;
  patient_id: string;
  first_name: string;
  birth_info: string;
  gender: boolean;
  charts: Array<{ id: number; chart_data: Array<{ image_type_cd: string; shoot_date: string | null }> }>;
}
interface Page {
  patients: { items: Patient[]; pagination: { page: number; page_size: number; total: number } };
}

async function createPatient(t: string, first_name: string, birth_info = '1990-01-01', gender = false): Promise<Patient> {
  return (await g.ok<{ create_patient: Patient }>(t, CREATE, { i: { first_name, birth_info, gender } })).create_patient;
}

async function withImage(t: string, patient: Patient, type: string = IMAGE_TYPE.cephalogram): Promise<number> {
  const chart = (
    await g.ok<{ create_chart: { id: number } }>(t, `mutation($p: Int!) { create_chart(patient_id: $p) { id } }`, { p: patient.id })
  ).create_chart;
  await g.addImage(chart.id, type === IMAGE_TYPE.cephalogram ? IMAGE_TYPE.cephalogram : IMAGE_TYPE.lateralFace);
  return chart.id;
}

beforeAll(async () => {
  // The server's time stands still (sessions, the 2 s session cache): on a loaded machine the query
  // count below must not change because the cache expired between two requests.
  g = await createGraphHarness({}, { clock: new ManualClock() });
  token = await g.signIn('pat');
});
afterAll(async () => {
  await g.close();
});

describe('patient mutations', () => {
  it('numbers patients by the owner count plus one, per user, as a string', async () => {
    const other = await g.signIn('pat');
    const a1 = await createPatient(token, 'Seq One');
    const a2 = await createPatient(token, 'Seq Two');
    const b1 = await createPatient(other, 'Other One');
    expect(Number(a2.patient_id)).toBe(Number(a1.patient_id) + 1);
    expect(b1.patient_id).toBe('1');
    expect(typeof a1.patient_id).toBe('string');
  });

  it('creates, reads, updates and soft-deletes a patient with its charts', async () => {
    const p = await createPatient(token, 'Lee Min', '2001-02-03', true);
    expect(p).toMatchObject({ first_name: 'Lee Min', birth_info: '2001-02-03', gender: true, charts: [] });
    const chartId = await withImage(token, p);

    const updated = await g.ok<{ update_patient: Patient }>(
      token,
      `mutation($id: Int!, $i: UpdatePatientInput!) { update_patient(id: $id, input: $i) { ${PATIENT_FIELDS} } }`,
      {
        id: p.id,
        i: { first_name: 'Lee Min-ho', gender: false },
      },
    );
    expect(updated.update_patient).toMatchObject({
      id: p.id,
      first_name: 'Lee Min-ho',
      gender: false,
      birth_info: '2001-02-03',
      patient_id: p.patient_id,
    });
    expect(updated.update_patient.charts.map((c) => c.id)).toEqual([chartId]);

    expect(
      (await g.ok<{ delete_patient: boolean }>(token, `mutation($id: Int!) { delete_patient(id: $id) }`, { id: p.id })).delete_patient,
    ).toBe(true);
    expect((await g.ok<{ patient: null }>(token, `query($id: Int!) { patient(id: $id) { id } }`, { id: p.id })).patient).toBeNull();
    // Soft: the rows stay, stamped, and the patient's charts are deleted with it.
    const deleted = await g.h.services.database.db.query.patients.findFirst({ where: (t, { eq }) => eq(t.id, p.id) });
    expect(deleted?.deletedAt).toBeInstanceOf(Date);
    const chart = await g.h.services.database.db.query.charts.findFirst({ where: (t, { eq }) => eq(t.id, chartId) });
    expect(chart?.deletedAt).toBeInstanceOf(Date);
    // Deleting twice is "not found".
    const again = await g.gql(token, `mutation($id: Int!) { delete_patient(id: $id) }`, { id: p.id });
    expect(again.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it.each([
    ['a 31-character name', { first_name: 'x'.repeat(31), birth_info: '1990-01-01', gender: true }, 'first_name'],
    ['an empty name', { first_name: '   ', birth_info: '1990-01-01', gender: true }, 'first_name'],
    ['a birth date before 1900', { first_name: 'Old', birth_info: '1899-12-31', gender: true }, 'birth_info'],
    ['a birth date in the future', { first_name: 'Future', birth_info: '2999-01-01', gender: true }, 'birth_info'],
    ['an impossible date', { first_name: 'Feb', birth_info: '2001-02-30', gender: true }, 'birth_info'],
    ['a date in another format', { first_name: 'Fmt', birth_info: '01/02/2001', gender: true }, 'birth_info'],
  ])('refuses %s with VALIDATION_FAILED and writes nothing', async (_label, input, field) => {
    const before = await g.h.count('patients');
    const reply = await g.gql(token, CREATE, { i: input });
    expect(reply.body.errors?.[0]?.extensions?.code, reply.raw).toBe('VALIDATION_FAILED');
    expect(reply.body.errors?.[0]?.message).toContain(field);
    expect(await g.h.count('patients')).toBe(before);
  });

  it('accepts exactly 30 characters and the 1900-01-01 boundary', async () => {
    const p = await createPatient(token, 'y'.repeat(30), '1900-01-01');
    expect(p.first_name).toHaveLength(30);
  });

  it('refuses an update to an oversized name and leaves the row as it was', async () => {
    const p = await createPatient(token, 'Keep Me');
    const reply = await g.gql(token, `mutation($id: Int!, $i: UpdatePatientInput!) { update_patient(id: $id, input: $i) { id } }`, {
      id: p.id,
      i: { first_name: 'z'.repeat(31) },
    });
    expect(reply.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
    const still = await g.ok<{ patient: Patient }>(token, `query($id: Int!) { patient(id: $id) { first_name } }`, { id: p.id });
    expect(still.patient.first_name).toBe('Keep Me');
  });

  it('answers wrong types and malformed documents with BAD_REQUEST and writes nothing', async () => {
    const before = await g.h.count('patients');
    const wrongType = await g.gql(token, CREATE, { i: { first_name: 5, birth_info: '1990-01-01', gender: 'female' } });
    expect(wrongType.body.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    const missing = await g.gql(token, CREATE, { i: { first_name: 'No Gender', birth_info: '1990-01-01' } });
    expect(missing.body.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    const syntax = await g.gql(token, `mutation { create_patient(input: { first_name: "A" `);
    expect(syntax.body.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    const unknownField = await g.gql(token, `{ patients { items { password_hash } } }`);
    expect(unknownField.body.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    const literal = await g.gql(token, `{ patient(id: "x") { id } }`);
    expect(literal.body.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    expect(await g.h.count('patients')).toBe(before);
  });
});

describe('patient list', () => {
  let t: string;
  const names = ['Alpha', 'bravo', 'Charlie', 'delta', 'Echo', 'foxtrot', 'Golf', 'hotel', 'India', 'juliet', 'Kilo', 'lima'];

  beforeAll(async () => {
    t = await g.signIn('list');
    for (const [i, name] of names.entries()) {
      const p = await createPatient(t, name, `19${String(50 + i)}-0${(i % 9) + 1}-15`);
      // Every patient but "lima" has an image; lima has a chart without images, "No Chart" no chart.
      // All are listed: a row without a film opens "Chart without patient data" (docs/spec-points.md §2).
      if (name === 'lima') await g.ok(t, `mutation($p: Int!) { create_chart(patient_id: $p) { id } }`, { p: p.id });
      else await withImage(t, p, i % 2 === 0 ? IMAGE_TYPE.cephalogram : IMAGE_TYPE.lateralFace);
    }
    await createPatient(t, 'No Chart');
  });

  it('pages by 10 from page 0 with the total of matching patients', async () => {
    const first = await g.ok<Page>(t, LIST, { page: 0, sort: { field: 'patient_id', order: 'asc' } });
    expect(first.patients.pagination).toEqual({ page: 0, page_size: 10, total: 13 });
    expect(first.patients.items.map((p) => p.patient_id)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    const second = await g.ok<Page>(t, LIST, { page: 1, sort: { field: 'patient_id', order: 'asc' } });
    expect(second.patients.items.map((p) => p.first_name)).toEqual(['Kilo', 'lima', 'No Chart']);
    const beyond = await g.ok<Page>(t, LIST, { page: 5 });
    expect(beyond.patients.items).toEqual([]);
    expect(beyond.patients.pagination.total).toBe(13);
  });

  it('sorts patient_id numerically (10 after 9), descending by default', async () => {
    const page = await g.ok<Page>(t, LIST, {});
    expect(page.patients.items.map((p) => p.patient_id)).toEqual(['13', '12', '11', '10', '9', '8', '7', '6', '5', '4']);
  });

  it('sorts by name and by birth date both ways', async () => {
    const byName = await g.ok<Page>(t, LIST, { sort: { field: 'first_name', order: 'asc' } });
    expect(byName.patients.items[0]?.first_name).toBe('Alpha');
    const byNameDesc = await g.ok<Page>(t, LIST, { sort: { field: 'first_name', order: 'desc' } });
    expect(byNameDesc.patients.items[0]?.first_name).toBe('No Chart');
    const byBirth = await g.ok<Page>(t, LIST, { sort: { field: 'birth_info', order: 'asc' } });
    const births = byBirth.patients.items.map((p) => p.birth_info);
    expect(births).toEqual([...births].sort());
    const byBirthDesc = await g.ok<Page>(t, LIST, { sort: { field: 'birth_info', order: 'desc' } });
    expect(byBirthDesc.patients.items[0]?.first_name).toBe('No Chart');
  });

  it('searches names case-insensitively, with LIKE wildcards taken literally', async () => {
    const found = await g.ok<Page>(t, LIST, { filter: { name_contains: 'ALP' } });
    expect(found.patients.items.map((p) => p.first_name)).toEqual(['Alpha']);
    expect(found.patients.pagination.total).toBe(1);
    const inner = await g.ok<Page>(t, LIST, { filter: { name_contains: 'LI' }, sort: { field: 'first_name', order: 'asc' } });
    // "lima" has no image and is found all the same.
    expect(inner.patients.items.map((p) => p.first_name)).toEqual(['Charlie', 'juliet', 'lima']);
    const wildcard = await g.ok<Page>(t, LIST, { filter: { name_contains: '%' } });
    expect(wildcard.patients.pagination.total).toBe(0);
  });

  it('filters by image type when asked, and returns charts with their images', async () => {
    const faces = await g.ok<Page>(t, LIST, { filter: { image_type_cd: [IMAGE_TYPE.lateralFace] } });
    expect(faces.patients.pagination.total).toBe(5);
    const alpha = (await g.ok<Page>(t, LIST, { filter: { name_contains: 'Alpha' } })).patients.items[0];
    expect(alpha?.charts).toHaveLength(1);
    expect(alpha?.charts[0]?.chart_data).toEqual([{ image_type_cd: IMAGE_TYPE.cephalogram, shoot_date: '2024-01-02' }]);
    // The nested chart filter narrows the images shown, not the patients.
    const nested = await g.ok<Page>(t, LIST, { filter: { name_contains: 'Alpha' }, cf: { image_type_cd: [IMAGE_TYPE.lateralFace] } });
    expect(nested.patients.items[0]?.charts[0]?.chart_data).toEqual([]);
  });

  it('reads a page with the same number of queries for 1 patient as for 10 (charts batched)', async () => {
    // Counted where statements reach the driver (the list's statements are prepared once), and only
    // those that read patients, charts or their images: the session check (cached) and the background
    // jobs' polling share the pool and may land in between on a busy machine.
    const driver = (g.h.services.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const textOf = (arg: unknown) =>
      typeof arg === 'string' ? arg : typeof arg === 'object' && arg !== null && 'text' in arg ? String(arg.text) : '';
    await g.ok<Page>(t, LIST, {});
    const spy = vi.spyOn(driver, 'query');
    const patientStatements = () => spy.mock.calls.filter(([arg]) => /"(patients|charts|chart_data)"/.test(textOf(arg))).length;
    // On PostgreSQL, which statement name each one went under ('' is the unnamed statement, planned per execution).
    const namesSent = () =>
      spy.mock.calls
        .filter(([arg]) => /"(patients|charts|chart_data)"/.test(textOf(arg)))
        .map(([arg]) => (typeof arg === 'object' && arg !== null && 'name' in arg ? String(arg.name) : undefined));
    const onPostgres = g.h.services.database.driver === 'postgres';
    try {
      await g.ok<Page>(t, LIST, { filter: { name_contains: 'Alpha' } });
      // Page, total and charts are one statement.
      expect(patientStatements()).toBe(1);
      // A search is planned for its own text (patient-list.query.ts), not by a generic plan.
      if (onPostgres) expect(namesSent()).toEqual(['']);
      spy.mockClear();
      const full = await g.ok<Page>(t, LIST, {});
      expect(full.patients.items).toHaveLength(10);
      expect(patientStatements()).toBe(1);
      if (onPostgres) expect(namesSent()[0]).toMatch(/^patients_list_/);
    } finally {
      spy.mockRestore();
    }
  });

  it('leaves deleted patients out of the page and the total', async () => {
    const p = (await g.ok<Page>(t, LIST, { filter: { name_contains: 'Echo' } })).patients.items[0];
    await g.ok(t, `mutation($id: Int!) { delete_patient(id: $id) }`, { id: p?.id });
    const after = await g.ok<Page>(t, LIST, {});
    expect(after.patients.pagination.total).toBe(12);
    expect(after.patients.items.some((x) => x.first_name === 'Echo')).toBe(false);
  });

  it('refuses a negative page and unknown image types', async () => {
    const negative = await g.gql(t, LIST, { page: -1 });
    expect(negative.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
    const badType = await g.gql(t, LIST, { filter: { image_type_cd: ['99999'] } });
    expect(badType.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
  });
});
