import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../../src/config/config';
import { openDatabase, type DatabaseHandle } from '../../src/db/database';
import { queryRows } from '../../src/db/raw-query';
import { AuditRetention, AUDIT_PURGE_INTERVAL_MS } from '../../src/features/audit/audit-retention';
import { createAuditRepository } from '../../src/features/audit/audit.repository';
import { ManualClock } from '../support/manual-clock';
import { createTestDataDir, type TestDataDir } from '../support/test-data-dir';
import { refusal } from '../support/database-refusal';

/**
 * Retention of the trail on a real database: AUDIT_RETENTION_DAYS (default 2190, at least 365); the
 * trigger refuses every UPDATE and TRUNCATE and a DELETE of any row younger than 365 days, whoever
 * asks; the daily purge (on the injected clock) deletes what is older than the retention, and nothing else.
 */
const DAY = 86_400_000;
let dir: TestDataDir;
let database: DatabaseHandle;
const log = pino({ level: 'silent' });

/** One event at `at` (ms), through the repository the service writes with. */
const insertAt = (at: number, action: string) =>
  createAuditRepository(database.db).insert({
    at: new Date(at),
    actorUserId: 1,
    ownerUserId: 1,
    action,
    targetType: 'none',
    targetId: null,
    ip: null,
    userAgent: null,
    outcome: 'success',
    detail: null,
  });

const actions = async () =>
  (await queryRows(database.db, sql`select action from audit_events order by id`, z.object({ action: z.string() }))).map((r) => r.action);

beforeAll(async () => {
  dir = await createTestDataDir({ migrated: true });
  database = await openDatabase(
    dir.env.DATABASE_URL ? { driver: 'postgres', url: dir.env.DATABASE_URL } : { driver: 'pglite', dataDir: `${dir.dataDir}/db` },
  );
  // A PostgreSQL test database starts empty (only the PGlite template comes migrated).
  await database.migrate();
  const now = Date.now();
  await insertAt(now - 3000 * DAY, 'test.ancient');
  await insertAt(now - 2200 * DAY, 'test.old');
  await insertAt(now - 400 * DAY, 'test.last_year');
  await insertAt(now - 10 * DAY, 'test.recent');
  await insertAt(now, 'test.today');
});

afterAll(async () => {
  await database?.close();
  await dir?.cleanup();
});

describe('the table', () => {
  it('refuses UPDATE and TRUNCATE of any row, and DELETE of a row younger than 365 days', async () => {
    const db = database.db;
    expect(await refusal(db.execute(sql`update audit_events set outcome = 'failed' where action = 'test.ancient'`))).toMatch(
      /append-only \(UPDATE refused\)/,
    );
    expect(await refusal(db.execute(sql`truncate audit_events`))).toMatch(/append-only \(TRUNCATE refused\)/);
    expect(await refusal(db.execute(sql`delete from audit_events where action = 'test.recent'`))).toMatch(/append-only \(DELETE refused\)/);
    // One young row in a statement refuses the whole statement: nothing is deleted.
    expect(await refusal(db.execute(sql`delete from audit_events`))).toMatch(/DELETE refused/);
    expect(await actions()).toEqual(['test.ancient', 'test.old', 'test.last_year', 'test.recent', 'test.today']);
  });
});

describe('the purge', () => {
  it('deletes the events older than the retention, on the injected clock, and nothing younger', async () => {
    const clock = new ManualClock(Date.now());
    const retention = new AuditRetention({ repository: createAuditRepository(database.db), clock, log, retentionDays: 2190 });
    expect(await retention.purgeOnce()).toBe(2);
    expect(await actions()).toEqual(['test.last_year', 'test.recent', 'test.today']);
    // A year later by the server's clock the 400-day-old row is past a 365-day retention; the database agrees.
    const shorter = new AuditRetention({ repository: createAuditRepository(database.db), clock, log, retentionDays: 365 });
    expect(await shorter.purgeOnce()).toBe(1);
    expect(await actions()).toEqual(['test.recent', 'test.today']);
  });

  it('cannot go below the floor: a purge that reaches into the last 365 days is refused by the trigger', async () => {
    const clock = new ManualClock(Date.now());
    const reckless = new AuditRetention({ repository: createAuditRepository(database.db), clock, log, retentionDays: 1 });
    expect(await refusal(reckless.purgeOnce())).toMatch(/DELETE refused/);
    expect(await actions()).toEqual(['test.recent', 'test.today']);
  });

  it('runs a minute after start, then once a day, on the clock', async () => {
    await insertAt(Date.now() - 1000 * DAY, 'test.stale');
    const clock = new ManualClock(Date.now());
    const retention = new AuditRetention({ repository: createAuditRepository(database.db), clock, log, retentionDays: 900 });
    retention.start();
    clock.advance(59_000);
    await retention.stop();
    expect(await actions()).toContain('test.stale');
    retention.start();
    clock.advance(60_000);
    await retention.stop();
    expect(await actions()).toEqual(['test.recent', 'test.today']);
    retention.start();
    expect(clock.pending()).toBe(1);
    clock.advance(60_000 + AUDIT_PURGE_INTERVAL_MS);
    expect(clock.pending()).toBe(1);
    await retention.stop();
    expect(clock.pending()).toBe(0);
  });
});

describe('AUDIT_RETENTION_DAYS', () => {
  it('defaults to 2190 days (6 years) and refuses less than 365', () => {
    expect(loadConfig({}).audit.retentionDays).toBe(2190);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '365' }).audit.retentionDays).toBe(365);
    for (const bad of ['364', '0', 'forever', '-1', '100000']) {
      expect(() => loadConfig({ AUDIT_RETENTION_DAYS: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ AUDIT_RETENTION_DAYS: bad })).toThrow(/AUDIT_RETENTION_DAYS must be an integer 365-36500/);
    }
  });
});
