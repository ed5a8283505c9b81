import { and, eq, isNull, sql } from 'drizzle-orm';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { queryRows } from '../src/db/raw-query';
import { analysisRecords, chartData, charts, patients, users } from '../src/db/schema/index';
import { createTestDataDir, type TestDataDir } from './support/test-data-dir';

const TABLES = [
  'ai_adaptation_films',
  'ai_adaptation_profiles',
  'analysis_records',
  'approved_ips',
  'audit_events',
  'audit_log',
  'chart_data',
  'charts',
  'clinic_invitations',
  'clinic_members',
  'clinic_patient_counts',
  'clinic_subscriptions',
  'clinics',
  'discarded_charts',
  'invoices',
  'jobs',
  'license_uploads',
  'login_failures',
  'notices',
  'patient_counts',
  'patients',
  'rate_limits',
  'sessions',
  'spent_proofs',
  'subscriptions',
  'uploads',
  'user_configs',
  'users',
  'verification_codes',
];

describe('migrations', () => {
  let dir: TestDataDir;
  let database: DatabaseHandle;

  beforeAll(async () => {
    dir = await createTestDataDir();
    database = await openDatabase(
      dir.env.DATABASE_URL
        ? { driver: 'postgres', url: dir.env.DATABASE_URL }
        : { driver: 'pglite', dataDir: path.join(dir.dataDir, 'db') },
    );
  });
  afterAll(async () => {
    await database?.close();
    await dir?.cleanup();
  });

  it('reports pending before the first run', async () => {
    expect(await database.migrationStatus()).toMatchObject({ appliedCount: 0, upToDate: false });
  });

  it('applies every generated migration, then nothing the second time', async () => {
    const first = await database.migrate();
    expect(first.applied).toBeGreaterThan(0);
    expect(first.status.upToDate).toBe(true);
    expect(first.status.appliedCount).toBe(first.status.knownCount);
    const second = await database.migrate();
    expect(second.applied).toBe(0);
  });

  it('creates every table of the domain and of sign-in', async () => {
    const rows = await queryRows(
      database.db,
      sql`select table_name::text as name from information_schema.tables where table_schema = 'public' order by 1`,
      z.object({ name: z.string() }),
    );
    expect(rows.map((row) => row.name)).toEqual(TABLES);
  });

  it('stores a patient with a chart, its images and an analysis record', async () => {
    const { db } = database;
    const [user] = await db
      .insert(users)
      .values({ email: 'Doc@Example.com', firstName: 'Doc', passwordHash: 'x', userTypeCd: '00000' })
      .returning();
    expect(user?.userPermission).toEqual({ version: 1, tutorial: true });
    const [patient] = await db
      .insert(patients)
      .values({ patientId: '1', userId: user!.id, firstName: 'Kim', birthInfo: '1990-04-01', gender: true })
      .returning();
    const [chart] = await db.insert(charts).values({ chartId: 'C-1', patientRef: patient!.id }).returning();
    await db.insert(chartData).values([
      { chartRef: chart!.id, imageTypeCd: '00700', path: 'charts/c1/ceph.jpg', shootDate: '2024-01-02' },
      { chartRef: chart!.id, imageTypeCd: '00710', path: 'charts/c1/face.jpg' },
    ]);
    await db.insert(analysisRecords).values({
      chartRef: chart!.id,
      inferResult: { version: 1, model: 'test', landmarks: [] },
      imgSize: { width: 1935, height: 2400 },
    });

    const list = await db.query.patients.findMany({
      where: and(eq(patients.userId, user!.id), isNull(patients.deletedAt)),
      with: { charts: { with: { chartData: true, analysisRecords: true } } },
    });
    expect(list).toHaveLength(1);
    expect(list[0]?.birthInfo).toBe('1990-04-01');
    expect(list[0]?.charts[0]?.chartData.map((d) => d.imageTypeCd).sort()).toEqual(['00700', '00710']);
    expect(list[0]?.charts[0]?.analysisRecords[0]?.imgSize).toEqual({ width: 1935, height: 2400 });
    expect(list[0]?.charts[0]?.uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('enforces the constraints the services rely on', async () => {
    const { db } = database;
    const [chart] = await db.select().from(charts).limit(1);
    await expect(
      db.insert(users).values({ email: 'doc@example.COM', firstName: 'Twin', passwordHash: 'x', userTypeCd: '00000' }),
    ).rejects.toThrow();
    await expect(db.insert(chartData).values({ chartRef: chart!.id, imageTypeCd: '00999' as '00700', path: 'x' })).rejects.toThrow();
    await expect(db.insert(analysisRecords).values({ chartRef: chart!.id })).rejects.toThrow();
    await expect(db.insert(charts).values({ chartId: 'C-2', patientRef: 999_999 })).rejects.toThrow();
  });
});
