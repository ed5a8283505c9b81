import { CLINIC_ENDPOINTS } from '@ceppro/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisRecords, clinicMembers, clinics, users } from '../../src/db/schema/index';
import { createGraphHarness, type GraphHarness } from './graph-harness';

/*
 * Two members of one clinic on one chart (Step 16, docs/clinics.md "Sessions"): each document of the
 * analysis record is saved from the revision it was read at; the second of two saves from the same
 * revision is refused with CONFLICT and writes nothing, while one person's saves in sequence (each
 * from the revision its previous answer gave) all land, and saves of different documents or
 * different drawing keys never refuse each other.
 */

let g: GraphHarness;
let owner: string;
let doctor: string;
let recordId: number;

interface Revisions {
  documents: Record<string, string | null>;
  drawing: Record<string, string>;
}

const UPDATE =
  'mutation($id: Int!, $i: AnalysisRecordInput!, $b: JSON) { update_analysis_record(id: $id, input: $i, base_documents: $b) ' +
  '{ document_revisions } }';
const MERGE = 'mutation($id: Int!, $p: JSON!, $b: JSON) { merge_drawing_result(id: $id, patch: $p, base: $b) { document_revisions } }';
const READ =
  'query($id: Int!) { analysis_records(filter: { id: $id }) { items { profilogram_result ruler_info superimposition_data ' +
  'vto_sto_config drawing_result img_size document_revisions } } }';

async function read(token: string) {
  const data = await g.ok<{ analysis_records: { items: Array<Record<string, unknown> & { document_revisions: Revisions }> } }>(
    token,
    READ,
    { id: recordId },
  );
  return data.analysis_records.items[0]!;
}

async function rest(token: string, method: 'POST' | 'PUT', url: string, body: unknown) {
  const response = await g.h.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function newestUserId(): Promise<number> {
  const [row] = await g.h.services.database.db.select({ id: users.id }).from(users).orderBy(desc(users.id)).limit(1);
  return row!.id;
}

beforeAll(async () => {
  g = await createGraphHarness();
  owner = await g.signIn('revowner');
  doctor = await g.signIn('revdoctor');
  const doctorId = await newestUserId();
  const db = g.h.services.database.db;
  await rest(owner, 'POST', CLINIC_ENDPOINTS.create.path, { name: 'Revision Clinic' });
  const [clinic] = await db.select({ id: clinics.id, uuid: clinics.uuid }).from(clinics).where(eq(clinics.name, 'Revision Clinic'));
  await db.insert(clinicMembers).values({ clinicId: clinic!.id, userId: doctorId, role: 'doctor' });
  for (const token of [owner, doctor]) await rest(token, 'PUT', CLINIC_ENDPOINTS.switchSpace.path, { clinic_uuid: clinic!.uuid });
  const patient = await g.ok<{ create_patient: { id: number } }>(
    owner,
    'mutation { create_patient(input: { first_name: "Shared", birth_info: "1990-01-01", gender: true }) { id } }',
  );
  const chart = await g.ok<{ create_chart: { id: number } }>(owner, 'mutation($p: Int!) { create_chart(patient_id: $p) { id } }', {
    p: patient.create_patient.id,
  });
  const record = await g.ok<{ create_analysis_record: { id: number } }>(
    owner,
    'mutation($c: Int!) { create_analysis_record(chart_id: $c, input: { img_size: { width: 100, height: 100 } }) { id } }',
    { c: chart.create_chart.id },
  );
  recordId = record.create_analysis_record.id;
});
afterAll(async () => {
  await g.close();
});

const DOCUMENTS = [
  ['profilogram_result', (n: number) => ({ version: 1, points: [n] })],
  ['ruler_info', (n: number) => ({ version: 2, p1: { x: 10, y: 10 }, p2: { x: 10 + n, y: 50 }, length_mm: 10 })],
  ['superimposition_data', (n: number) => ({ version: 2, chart_ids: [`c${n}`], method: 'sn-at-s', blending: false, opacity: 0.5 })],
  ['vto_sto_config', (n: number) => ({ version: 1, moves: [n] })],
  ['drawing_result', (n: number) => ({ version: 1, coords: [n], superimpositionCoords: [] })],
  ['img_size', (n: number) => ({ width: 100 + n, height: 200 })],
] as const;

describe('document revisions', () => {
  it.each(DOCUMENTS)('refuses the second of two saves of %s from one revision, and keeps the first', async (name, value) => {
    const base = (await read(doctor)).document_revisions.documents[name] ?? null;
    expect((await read(owner)).document_revisions.documents[name] ?? null).toBe(base);
    // The owner saves first...
    await g.ok(owner, UPDATE, { id: recordId, i: { [name]: value(1) }, b: { [name]: base } });
    // ... the doctor's save from the same revision is refused, and nothing of it is written.
    const refused = await g.gql(doctor, UPDATE, { id: recordId, i: { [name]: value(2) }, b: { [name]: base } });
    expect(refused.body.errors?.[0]?.extensions?.code, refused.raw).toBe('CONFLICT');
    const after = await read(doctor);
    expect(after[name]).toEqual(value(1));
    // Reloaded, the doctor saves from the revision read.
    await g.ok(doctor, UPDATE, { id: recordId, i: { [name]: value(3) }, b: { [name]: after.document_revisions.documents[name] } });
    expect((await read(owner))[name]).toEqual(value(3));
  });

  it("lands one person's saves in sequence, each from the revision its answer gave, across documents", async () => {
    let revisions = (await read(owner)).document_revisions;
    for (let n = 10; n < 14; n++) {
      for (const [name, value] of DOCUMENTS) {
        const data = await g.ok<{ update_analysis_record: { document_revisions: Revisions } }>(owner, UPDATE, {
          id: recordId,
          i: { [name]: value(n) },
          b: { [name]: revisions.documents[name] },
        });
        revisions = data.update_analysis_record.document_revisions;
      }
    }
    const stored = await read(doctor);
    for (const [name, value] of DOCUMENTS) expect(stored[name]).toEqual(value(13));
    // A save of one document leaves another's revision as it was: no one's save refuses another document's.
    expect(stored.document_revisions).toEqual(revisions);
  });

  it('refuses a stale drawing merge key by key; the pad and the measuring tools still merge', async () => {
    const start = (await read(doctor)).document_revisions.drawing;
    const padBase = { coords: start.coords ?? null, superimpositionCoords: start.superimpositionCoords ?? null };
    // The owner's measuring tools save their key: the doctor's pad (other keys) still merges.
    const measured = await g.ok<{ merge_drawing_result: { document_revisions: Revisions } }>(owner, MERGE, {
      id: recordId,
      p: { measurements: [{ id: 'm1' }] },
      b: { measurements: start.measurements ?? null },
    });
    expect(measured.merge_drawing_result.document_revisions.drawing.coords).toBe(start.coords);
    const pad = await g.ok<{ merge_drawing_result: { document_revisions: Revisions } }>(doctor, MERGE, {
      id: recordId,
      p: { version: 1, coords: [['doctor']], superimpositionCoords: [] },
      b: padBase,
    });
    // The owner's pad, from the revision before the doctor's, is refused; the doctor's shapes stay.
    const refused = await g.gql(owner, MERGE, {
      id: recordId,
      p: { version: 1, coords: [['owner']], superimpositionCoords: [] },
      b: padBase,
    });
    expect(refused.body.errors?.[0]?.extensions?.code, refused.raw).toBe('CONFLICT');
    const stored = await g.h.services.database.db.query.analysisRecords.findFirst({ where: eq(analysisRecords.id, recordId) });
    expect(stored?.drawingResult).toMatchObject({ coords: [['doctor']], measurements: [{ id: 'm1' }] });
    // The doctor's next pad save names what the answer gave: it lands.
    const next = pad.merge_drawing_result.document_revisions.drawing;
    await g.ok(doctor, MERGE, {
      id: recordId,
      p: { version: 1, coords: [['doctor', 2]], superimpositionCoords: [] },
      b: { coords: next.coords, superimpositionCoords: next.superimpositionCoords },
    });
  });

  it('refuses a base that is not a revision', async () => {
    // A ruler the server would store: only the base is wrong.
    const ruler = { version: 2, p1: { x: 1, y: 1 }, p2: { x: 1, y: 90 }, length_mm: 10 };
    const reply = await g.gql(owner, UPDATE, { id: recordId, i: { ruler_info: ruler }, b: { ruler_info: 'nope' } });
    expect(reply.body.errors?.[0]?.extensions?.code, reply.raw).toBe('VALIDATION_FAILED');
    const unknown = await g.gql(owner, UPDATE, { id: recordId, i: { ruler_info: ruler }, b: { modified_result: null } });
    expect(unknown.body.errors?.[0]?.extensions?.code, unknown.raw).toBe('VALIDATION_FAILED');
  });
});
