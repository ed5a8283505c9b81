import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../apps/server/src/db/database';
import { hashPassword } from '../../apps/server/src/features/auth/password-hash';

export interface SeedPlan {
  /** Patients of the user the bench signs in as. */
  mainPatients: number;
  /** Other users and the patients spread across them (they must never show up in the main user's list). */
  otherUsers: number;
  otherPatients: number;
}

export interface SeededUser {
  id: number;
  email: string;
}

/**
 * Inserts active users and, per user, patients with one chart and one cephalogram row each (the
 * list only shows patients with images). Set-based SQL: 60,000 patients take seconds, not minutes.
 * Names are "Patient 00042" style so a name search matches a predictable share of rows.
 */
export async function seedBenchData(db: AppDatabase, plan: SeedPlan, password: string): Promise<SeededUser[]> {
  const passwordHash = await hashPassword(password);
  const users: SeededUser[] = [];
  const stamp = Date.now().toString(36);
  for (let u = 0; u <= plan.otherUsers; u += 1) {
    const email = `bench-${stamp}-${u}@bench.ceppro.test`;
    const result = await db.execute<{ id: number }>(sql`
      insert into users (email, first_name, password_hash, user_type_cd, status, email_verified_at,
                         terms_agreed_at, privacy_agreed_at, sso_agreed_at)
      values (${email}, ${`Bench${u}`}, ${passwordHash}, '00000', 'active', now(), now(), now(), now())
      returning id`);
    const id = Number(rowsOf<{ id: number }>(result)[0]?.id);
    users.push({ id, email });
    const count = u === 0 ? plan.mainPatients : Math.floor(plan.otherPatients / Math.max(1, plan.otherUsers));
    await seedPatients(db, id, count);
  }
  return users;
}

async function seedPatients(db: AppDatabase, userId: number, count: number): Promise<void> {
  // A bulk load: the row triggers that keep patients.image_types are switched off for it and the
  // column is filled once at the end with the same function they call.
  await db.execute(sql`alter table charts disable trigger charts_patient_image_types`);
  await db.execute(sql`alter table chart_data disable trigger chart_data_patient_image_types`);
  try {
    await insertPatients(db, userId, count);
  } finally {
    await db.execute(sql`alter table charts enable trigger charts_patient_image_types`);
    await db.execute(sql`alter table chart_data enable trigger chart_data_patient_image_types`);
  }
  await db.execute(sql`update patients set image_types = ceppro_patient_image_types(id) where user_id = ${userId}`);
}

async function insertPatients(db: AppDatabase, userId: number, count: number): Promise<void> {
  const batch = 5_000;
  for (let start = 1; start <= count; start += batch) {
    const end = Math.min(count, start + batch - 1);
    await db.execute(sql`
      with p as (
        insert into patients (patient_id, user_id, first_name, birth_info, gender)
        select g::text, ${userId}, 'Patient ' || lpad(g::text, 5, '0'),
               (date '1950-01-01' + ((g * 7919) % 25000))::date, g % 2 = 0
        from generate_series(${start}::int, ${end}::int) g
        returning id, patient_id
      ), c as (
        insert into charts (chart_id, patient_ref)
        select gen_random_uuid()::text, id from p
        returning id, patient_ref
      )
      insert into chart_data (chart_ref, image_type_cd, shoot_date, path)
      select c.id, '00700', (date '2020-01-01' + (c.id % 1500))::date, 'bench/' || c.id || '.jpg' from c`);
  }
}

function rowsOf<T>(result: unknown): T[] {
  // node-postgres returns { rows }, PGlite returns { rows } too; drizzle passes them through.
  const rows = (result as { rows?: T[] }).rows;
  return Array.isArray(rows) ? rows : (result as T[]);
}
