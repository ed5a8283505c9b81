import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../src/db/raw-query';
import { commitDraftPatient } from '../../src/features/patients/patient.repository';
import { createGraphHarness, type GraphHarness } from './graph-harness';

/**
 * The unfiltered list's total is the owner's live-patient figure kept by triggers (patient_counts,
 * migration 0014), not a count per request. It must equal the owner's live patients after every kind
 * of write: the graph's create and delete, a draft (not counted) and its commit by landmark
 * detection, and writes that bypass this process's services (another API process, the draft
 * sweeper, a bulk delete): the figure lives in the database, so every process reads the same one.
 */
let g: GraphHarness;
let alice: string;
let bob: string;

const TOTAL = `query($page: Int, $f: PatientFilter) { patients(page: $page, filter: $f) { items { id } pagination { total } } }`;
type Listed = { patients: { items: Array<{ id: number }>; pagination: { total: number } } };
const CREATE = 'mutation($i: CreatePatientInput!, $d: Boolean) { create_patient(input: $i, draft: $d) { id } }';

async function total(token: string, variables: Record<string, unknown> = {}): Promise<number> {
  return (await g.ok<Listed>(token, TOTAL, variables)).patients.pagination.total;
}

async function create(token: string, name: string, draft = false): Promise<number> {
  const input = { first_name: name, birth_info: '1990-01-02', gender: false };
  return (await g.ok<{ create_patient: { id: number } }>(token, CREATE, { i: input, d: draft })).create_patient.id;
}

const db = () => g.h.services.database.db;

/** The owner's live patients counted the slow way, and the figure the list reads. */
async function countsOf(userId: number): Promise<{ counted: number; kept: number }> {
  const [row] = await queryRows(
    db(),
    sql`select (select count(*) from patients
                where user_id = ${userId} and deleted_at is null and draft_expires_at is null)::int as counted,
               coalesce((select live from patient_counts where user_id = ${userId}), 0)::int as kept`,
    z.object({ counted: z.number(), kept: z.number() }),
  );
  if (!row) throw new Error('no counts');
  return row;
}

async function ownerOf(patientId: number): Promise<number> {
  const [row] = await queryRows(db(), sql`select user_id from patients where id = ${patientId}`, z.object({ user_id: z.number() }));
  if (!row) throw new Error('no patient');
  return row.user_id;
}

beforeAll(async () => {
  g = await createGraphHarness();
  alice = await g.signIn('totala');
  bob = await g.signIn('totalb');
});
afterAll(async () => {
  await g?.close();
});

describe('the patient list total kept by the database', () => {
  it('follows create and delete for the owner only', async () => {
    expect(await total(alice)).toBe(0);
    const first = await create(alice, 'Total Kim');
    await create(alice, 'Total Lee');
    await create(bob, 'Other Park');
    expect(await total(alice)).toBe(2);
    expect(await total(bob)).toBe(1);

    await g.ok(alice, 'mutation($id: Int!) { delete_patient(id: $id) }', { id: first });
    expect(await total(alice)).toBe(1);
    expect(await total(bob)).toBe(1);
    // Someone else's patient cannot be deleted, and the figure does not move.
    const bobs = (await g.ok<Listed>(bob, TOTAL)).patients.items[0]?.id;
    expect((await g.gql(alice, 'mutation($id: Int!) { delete_patient(id: $id) }', { id: bobs })).body.errors?.length).toBeGreaterThan(0);
    expect(await total(bob)).toBe(1);
    expect(await countsOf(await ownerOf(first))).toEqual({ counted: 1, kept: 1 });
  });

  it('counts a draft only once landmark detection commits it', async () => {
    const before = await total(alice);
    const draft = await create(alice, 'Draft Jung', true);
    expect(await total(alice)).toBe(before);
    const owner = await ownerOf(draft);
    expect(await db().transaction((tx) => commitDraftPatient(tx, owner, draft))).toBe(true);
    expect(await total(alice)).toBe(before + 1);
    expect(await countsOf(owner)).toEqual({ counted: before + 1, kept: before + 1 });
  });

  it('gives the same total on a page past the end, and counts a search or type filter on its own', async () => {
    const all = await total(alice);
    expect(await total(alice, { page: 50 })).toBe(all);
    expect(await total(alice, { f: { name_contains: 'Jung' } })).toBe(1);
    expect(await total(alice, { page: 50, f: { name_contains: 'Jung' } })).toBe(1);
  });

  it('sees writes made outside this process: inserts, soft and hard deletes, drafts swept, an owner change', async () => {
    const owner = await ownerOf(await create(alice, 'Outside Base'));
    const bobOwner = await ownerOf((await g.ok<Listed>(bob, TOTAL)).patients.items[0]?.id ?? 0);
    // What another API process or the sweeper does: plain statements on the same database.
    await db().execute(sql`insert into patients (user_id, first_name, birth_info, gender, patient_id)
      select ${owner}, 'Bulk ' || n, '2000-01-01', true, (100 + n)::text from generate_series(1, 5) n`);
    await db().execute(sql`insert into patients (user_id, first_name, birth_info, gender, draft_expires_at)
      values (${owner}, 'Swept draft', '2000-01-01', true, now() + interval '1 hour')`);
    expect(await countsOf(owner)).toMatchObject({ kept: (await countsOf(owner)).counted });
    const afterInsert = await total(alice);

    await db().execute(sql`update patients set deleted_at = now() where user_id = ${owner} and first_name in ('Bulk 1', 'Bulk 2')`);
    await db().execute(sql`delete from patients where user_id = ${owner} and first_name in ('Bulk 3', 'Swept draft')`);
    expect(await total(alice)).toBe(afterInsert - 3);
    await db().execute(sql`update patients set user_id = ${bobOwner} where user_id = ${owner} and first_name = 'Bulk 4'`);
    expect(await total(alice)).toBe(afterInsert - 4);
    expect(await total(bob)).toBe(2);
    // A restored patient (deleted_at cleared) counts again.
    await db().execute(sql`update patients set deleted_at = null where user_id = ${owner} and first_name = 'Bulk 1'`);
    expect(await total(alice)).toBe(afterInsert - 3);
    for (const user of [owner, bobOwner]) {
      const { counted, kept } = await countsOf(user);
      expect(kept).toBe(counted);
    }
  });
});
