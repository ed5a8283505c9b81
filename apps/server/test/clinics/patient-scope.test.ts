import type { ClinicRole } from '@ceppro/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { newPatientOwner, patientScope, patientScopeFor, resolveActor, type Actor } from '../../src/access/index';
import { openDatabase, type AppDatabase, type DatabaseHandle } from '../../src/db/database';
import { queryRows } from '../../src/db/raw-query';
import { clinicMembers, clinicPatientCounts, clinics, patientCounts, patients, users } from '../../src/db/schema/index';
import { createTestDataDir, type TestDataDir } from '../support/test-data-dir';

/*
 * The access policy's SQL against a real database (PGlite, or PostgreSQL when DATABASE_URL is set):
 * patients in personal spaces, in clinic A and in clinic B, and who sees which, by the space each
 * person works in (users.active_clinic_id) and their live membership.
 */

describe('access policy: patientScope on a real database', () => {
  let dir: TestDataDir;
  let database: DatabaseHandle;
  let db: AppDatabase;
  const id: Record<string, number> = {};

  async function user(name: string): Promise<number> {
    const [row] = await db
      .insert(users)
      .values({ email: `${name}@scope.test`, firstName: name, passwordHash: 'x', userTypeCd: '00000' })
      .returning({ id: users.id });
    return (id[name] = row!.id);
  }

  async function clinic(name: string, createdBy: number): Promise<number> {
    const [row] = await db.insert(clinics).values({ name, createdBy }).returning({ id: clinics.id });
    return (id[name] = row!.id);
  }

  async function member(clinicId: number, userId: number, role: ClinicRole, removed = false): Promise<void> {
    await db.insert(clinicMembers).values({ clinicId, userId, role, ...(removed && { removedAt: new Date() }) });
  }

  async function patient(firstName: string, owner: { userId: number; clinicId: number | null }): Promise<void> {
    await db.insert(patients).values({ ...owner, firstName, patientId: '1', birthInfo: '1990-01-01', gender: true });
  }

  async function workIn(userId: number, clinicId: number | null): Promise<Actor> {
    await db.update(users).set({ activeClinicId: clinicId }).where(eq(users.id, userId));
    return resolveActor(db, userId);
  }

  async function visible(actor: Actor): Promise<string[]> {
    const rows = await db.select({ name: patients.firstName }).from(patients).where(patientScope(actor)).orderBy(asc(patients.firstName));
    return rows.map((r) => r.name);
  }

  beforeAll(async () => {
    dir = await createTestDataDir({ migrated: true });
    database = await openDatabase(
      dir.env.DATABASE_URL
        ? { driver: 'postgres', url: dir.env.DATABASE_URL }
        : { driver: 'pglite', dataDir: path.join(dir.dataDir, 'db') },
    );
    await database.migrate();
    db = database.db;

    // Clinic A: alice (owner), bob (doctor), carol (assistant), frank (assistant, removed). Clinic B: dave.
    // erin belongs to no clinic.
    for (const name of ['alice', 'bob', 'carol', 'dave', 'erin', 'frank']) await user(name);
    await clinic('A', id['alice']!);
    await clinic('B', id['dave']!);
    await member(id['A']!, id['alice']!, 'owner');
    await member(id['A']!, id['bob']!, 'doctor');
    await member(id['A']!, id['carol']!, 'assistant');
    await member(id['A']!, id['frank']!, 'assistant', true);
    await member(id['B']!, id['dave']!, 'owner');

    await patient('alice-personal', { userId: id['alice']!, clinicId: null });
    await patient('bob-personal', { userId: id['bob']!, clinicId: null });
    await patient('erin-personal', { userId: id['erin']!, clinicId: null });
    await patient('A-by-alice', { userId: id['alice']!, clinicId: id['A']! });
    await patient('A-by-bob', { userId: id['bob']!, clinicId: id['A']! });
    await patient('A-by-frank', { userId: id['frank']!, clinicId: id['A']! });
    await patient('B-by-dave', { userId: id['dave']!, clinicId: id['B']! });
  });

  afterAll(async () => {
    await database?.close();
    await dir?.cleanup();
  });

  const CLINIC_A = ['A-by-alice', 'A-by-bob', 'A-by-frank'];

  it("shows a member the clinic's patients, whoever created them, only while the clinic is active", async () => {
    const inA = await workIn(id['bob']!, id['A']!);
    expect(inA).toEqual({ userId: id['bob'], clinicId: id['A'], role: 'doctor' });
    expect(await visible(inA)).toEqual(CLINIC_A);

    const personal = await workIn(id['bob']!, null);
    expect(personal).toEqual({ userId: id['bob'], clinicId: null, role: 'personal' });
    expect(await visible(personal)).toEqual(['bob-personal']);
  });

  it('shows the owner their personal patients only in the personal space, the clinic only in the clinic', async () => {
    expect(await visible(await workIn(id['alice']!, null))).toEqual(['alice-personal']);
    const inA = await workIn(id['alice']!, id['A']!);
    expect(inA.role).toBe('owner');
    expect(await visible(inA)).toEqual(CLINIC_A);
  });

  it('gives an assistant the same patients (what they may do with them is the permission table)', async () => {
    const inA = await workIn(id['carol']!, id['A']!);
    expect(inA.role).toBe('assistant');
    expect(await visible(inA)).toEqual(CLINIC_A);
    expect(() => patientScopeFor(inA, 'export')).toThrow(expect.objectContaining({ code: 'ROLE_FORBIDDEN' }));
    expect(() => patientScopeFor(inA, 'patient.read')).not.toThrow();
  });

  it('shows an outsider nothing of a clinic, even with its id as their active clinic', async () => {
    const erin = await workIn(id['erin']!, id['A']!);
    expect(erin).toEqual({ userId: id['erin'], clinicId: null, role: 'personal' });
    expect(await visible(erin)).toEqual(['erin-personal']);
  });

  it("shows a member of B nothing of A, and A's members nothing of B", async () => {
    expect(await visible(await workIn(id['dave']!, id['B']!))).toEqual(['B-by-dave']);
    // A stale or forged active clinic falls back to the personal space.
    expect(await visible(await workIn(id['dave']!, id['A']!))).toEqual([]);
    expect(await visible(await workIn(id['bob']!, id['B']!))).toEqual(['bob-personal']);
  });

  it('shows a removed member nothing of the clinic; what they created stays with it', async () => {
    const frank = await workIn(id['frank']!, id['A']!);
    expect(frank).toEqual({ userId: id['frank'], clinicId: null, role: 'personal' });
    expect(await visible(frank)).toEqual([]);
    expect(await visible(await workIn(id['alice']!, id['A']!))).toContain('A-by-frank');
  });

  it("puts a patient created in a clinic into the clinic, visible to every member, not to the creator's personal space", async () => {
    const carol = await workIn(id['carol']!, id['A']!);
    expect(newPatientOwner(carol)).toEqual({ userId: id['carol'], clinicId: id['A'] });
    await patient('A-by-carol', newPatientOwner(carol));
    expect(await visible(await workIn(id['bob']!, id['A']!))).toContain('A-by-carol');
    expect(await visible(await workIn(id['carol']!, null))).toEqual([]);
    expect(newPatientOwner(await workIn(id['erin']!, null))).toEqual({ userId: id['erin'], clinicId: null });
  });

  it('keeps a person a live member of one clinic at most; a removed member may join again', async () => {
    await expect(member(id['B']!, id['bob']!, 'doctor')).rejects.toThrow();
    await member(id['B']!, id['frank']!, 'doctor');
    expect(await visible(await workIn(id['frank']!, id['B']!))).toEqual(['B-by-dave']);
  });

  it('counts live personal patients per owner and clinic patients per clinic (the list totals)', async () => {
    const personal = async (userId: number) =>
      (await db.select({ live: patientCounts.live }).from(patientCounts).where(eq(patientCounts.userId, userId)))[0]?.live ?? 0;
    const ofClinic = async (clinicId: number) =>
      (await db.select({ live: clinicPatientCounts.live }).from(clinicPatientCounts).where(eq(clinicPatientCounts.clinicId, clinicId)))[0]
        ?.live ?? 0;
    expect(await personal(id['alice']!)).toBe(1);
    expect(await personal(id['bob']!)).toBe(1);
    expect(await ofClinic(id['A']!)).toBe(4);
    expect(await ofClinic(id['B']!)).toBe(1);

    await db
      .update(patients)
      .set({ deletedAt: new Date() })
      .where(and(eq(patients.firstName, 'A-by-bob'), isNull(patients.deletedAt)));
    expect(await ofClinic(id['A']!)).toBe(3);
    expect(await personal(id['bob']!)).toBe(1);

    // Moving a personal patient into the clinic moves its count.
    await db.update(patients).set({ clinicId: id['A']! }).where(eq(patients.firstName, 'alice-personal'));
    expect(await personal(id['alice']!)).toBe(0);
    expect(await ofClinic(id['A']!)).toBe(4);
    await db.update(patients).set({ clinicId: null }).where(eq(patients.firstName, 'alice-personal'));
    expect(await personal(id['alice']!)).toBe(1);

    await db.delete(patients).where(eq(patients.firstName, 'B-by-dave'));
    expect(await ofClinic(id['B']!)).toBe(0);
    await patient('B-by-dave', { userId: id['dave']!, clinicId: id['B']! });
  });

  it("reads a clinic's list page and search from the clinic's list indexes", async () => {
    const plan = async (where: ReturnType<typeof sql>) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const rows = await queryRows(tx, sql`explain select ${patients.id} from ${patients} ${where}`, z.record(z.string(), z.string()));
        return rows.map((r) => Object.values(r).join('')).join('\n');
      });
    const live = sql`${patients.deletedAt} is null and ${patients.draftExpiresAt} is null`;
    const order = sql`order by length(${patients.patientId}), ${patients.patientId}, ${patients.id}`;
    const page = await plan(sql`where ${patients.clinicId} = ${id['A']!} and ${live} ${order} limit 20`);
    expect(page).toContain('patients_clinic_listed_patient_id_idx');
    const search = await plan(sql`where ${patients.clinicId} = ${id['A']!} and ${live} and ${patients.firstName} ilike ${'%by-b%'}`);
    // On a few rows the planner may prefer the name order's index to the trigrams: either proves the
    // partial predicate holds for the search's conditions.
    expect(search).toMatch(/patients_clinic_listed_name_(trgm_)?idx/);
    // The personal list (0019: `clinic_id is null` in the personal indexes' predicates, as in patientScope).
    const personal = await plan(
      sql`where ${patients.userId} = ${id['alice']!} and ${patients.clinicId} is null and ${live} ${order} limit 20`,
    );
    expect(personal).toContain('patients_listed_patient_id_idx');
  });
});
