import {
  ADMIN_ENDPOINTS,
  adminAccountPageSchema,
  adminAccountSchema,
  successEnvelopeSchema,
  type AdminAccount,
  pathTo,
} from '@ceppro/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../src/db/raw-query';
import { analysisRecords, chartData, charts, loginFailures, patients } from '../../src/db/schema/index';
import { createOrPromoteAdmin } from '../../src/features/admin/admin-bootstrap';
import { activeAccount, createAuthHarness, login, type AuthHarness, type Person } from '../auth/auth-harness';

const ADMIN_PASSWORD = 'Admin#2026x';
const DAY = 86_400_000;

/** /api/admin through HTTP: who may call it, each action's effect on sign-in, and the audit trail. */
describe('/api/admin', () => {
  let h: AuthHarness;
  let admin: { token: string; ip: string };
  let doctor: { person: Person; token: string; uuid: string };

  beforeAll(async () => {
    h = await createAuthHarness();
    const ops = { email: 'ops@ceppro.test', password: ADMIN_PASSWORD, name: 'Ops' };
    await createOrPromoteAdmin(h.services.database.db, h.services.clock, ops);
    const signedIn = await login(h, { email: 'ops@ceppro.test', name: 'Ops', mobile: '', ip: '192.0.2.10' }, { password: ADMIN_PASSWORD });
    expect(signedIn.status, signedIn.raw).toBe(200);
    expect((signedIn.body.data?.user as { role?: string }).role).toBe('admin');
    admin = { token: String(signedIn.body.data?.token), ip: '192.0.2.10' };
    const person = await activeAccount(h, 'admdoc');
    const reply = await login(h, person);
    expect((reply.body.data?.user as { role?: string }).role).toBe('user');
    doctor = { person, token: String(reply.body.data?.token), uuid: String((reply.body.data?.user as { uuid: string }).uuid) };
  });
  afterAll(() => h?.closeAll());

  const setUser = (email: string, assignment: ReturnType<typeof sql>) =>
    h.services.database.db.execute(sql`update users set ${assignment} where email = ${email}`);
  const auditRows = (action: string, targetId: string) =>
    queryRows(
      h.services.database.db,
      sql`select actor_user_id, owner_user_id, outcome, detail from audit_events
          where action = ${action} and target_id = ${targetId} order by id`,
      z.object({ actor_user_id: z.number().nullable(), owner_user_id: z.number().nullable(), outcome: z.string(), detail: z.unknown() }),
    );
  async function list(query = '', as = admin) {
    const headers = { authorization: `Bearer ${as.token}`, 'x-forwarded-for': as.ip };
    const r = await h.app.inject({ method: 'GET', url: `${ADMIN_ENDPOINTS.list.path}${query}`, headers });
    return { status: r.statusCode, body: JSON.parse(r.body) as { code?: string; data?: unknown } };
  }
  const page = async (query = '') => successEnvelopeSchema(adminAccountPageSchema).parse((await list(query)).body).data;
  const act = (url: string, body: unknown = {}, as = admin) => h.postJson(url, body, { token: as.token, ip: as.ip });
  const account = (reply: { body: unknown }): AdminAccount => successEnvelopeSchema(adminAccountSchema).parse(reply.body).data;
  const actions = (uuid: string): Array<[string, unknown]> => [
    [pathTo(ADMIN_ENDPOINTS.approve, { uuid: uuid }), {}],
    [pathTo(ADMIN_ENDPOINTS.setExpiry, { uuid: uuid }), { expires_at: '2030-01-01T00:00:00Z' }],
    [pathTo(ADMIN_ENDPOINTS.unlock, { uuid: uuid }), {}],
    [pathTo(ADMIN_ENDPOINTS.changeType, { uuid: uuid }), { user_type: '00002' }],
  ];

  it('answers 401 without a session and 403 ADMIN_REQUIRED to a normal user on every route, and audits the refusals', async () => {
    const anonymous = await h.app.inject({ method: 'GET', url: ADMIN_ENDPOINTS.list.path });
    expect(anonymous.statusCode).toBe(401);
    const asDoctor = { token: doctor.token, ip: doctor.person.ip };
    expect(await list('', asDoctor)).toMatchObject({ status: 403, body: { code: 'ADMIN_REQUIRED' } });
    // Even a malformed query gets the refusal, not a validation answer: nothing is read first.
    expect((await list('?limit=abc', asDoctor)).status).toBe(403);
    for (const [url, body] of actions(doctor.uuid)) {
      expect((await h.postJson(url, body, {})).status, url).toBe(401);
      const refused = await act(url, body, asDoctor);
      expect(refused.status, url).toBe(403);
      expect(refused.body.code).toBe('ADMIN_REQUIRED');
    }
    const denied = await auditRows('admin.change_type', doctor.uuid);
    expect(denied).toEqual([expect.objectContaining({ outcome: 'denied', owner_user_id: null })]);
    // Nothing changed.
    const [row] = (await page(`?q=${encodeURIComponent(doctor.person.email)}`)).accounts;
    expect(row).toMatchObject({ user_type: '00000', status: 'active', role: 'user', expires_at: null });
  });

  it('lists accounts newest first with search, filters and keyset pages', async () => {
    const pending = await activeAccount(h, 'admpend');
    await setUser(pending.email, sql`status = 'pending_admin'`);
    const pendingPage = await page('?filter=pending');
    expect(pendingPage.accounts.map((a) => a.email)).toEqual([pending.email]);
    const all = await page('?limit=2');
    expect(all.accounts.map((a) => a.email)).toEqual([pending.email, doctor.person.email]);
    expect(all.next_cursor).not.toBeNull();
    const next = await page(`?limit=2&after=${all.next_cursor}`);
    expect(next.accounts.map((a) => a.email)).toEqual(['ops@ceppro.test']);
    expect(next.next_cursor).toBeNull();
    // Search by part of the name, case-insensitive; % is literal.
    expect((await page('?q=ADMPEND')).accounts.map((a) => a.email)).toEqual([pending.email]);
    expect((await page('?q=%25')).accounts).toEqual([]);
    expect((await list('?filter=nope')).body.code).toBe('VALIDATION_FAILED');
    expect((await list('?limit=1000')).body.code).toBe('VALIDATION_FAILED');
  });

  it('approves an account awaiting administrator authentication: K017 before, signed in after, audited', async () => {
    const person = await activeAccount(h, 'admk17');
    await setUser(person.email, sql`status = 'pending_admin'`);
    expect((await login(h, person)).body.code).toBe('K017');
    const [row] = (await page('?filter=pending')).accounts.filter((a) => a.email === person.email);
    if (!row) throw new Error('pending account not listed');
    const approved = await act(pathTo(ADMIN_ENDPOINTS.approve, { uuid: row.uuid }));
    expect(approved.status, approved.raw).toBe(200);
    expect(account(approved)).toMatchObject({ status: 'active', email: person.email });
    expect((await login(h, person)).status).toBe(200);
    // A second approval is a conflict, recorded as failed.
    expect((await act(pathTo(ADMIN_ENDPOINTS.approve, { uuid: row.uuid }))).body.code).toBe('CONFLICT');
    const trail = await auditRows('admin.approve', row.uuid);
    expect(trail.map((r) => r.outcome)).toEqual(['success', 'failed']);
    expect(trail[0]?.actor_user_id).toEqual(expect.any(Number));
    expect(trail[0]?.owner_user_id).not.toBe(trail[0]?.actor_user_id);
  });

  it('unlocks a locked account: failure counts start over and it signs in again', async () => {
    const person = await activeAccount(h, 'admlock');
    expect((await login(h, person)).status).toBe(200);
    await setUser(person.email, sql`status = 'locked', failed_login_count = 10`);
    const failures = { email: person.email, ip: '203.0.113.9', failures: 12, lastFailedAt: new Date() };
    await h.services.database.db.insert(loginFailures).values(failures);
    expect((await login(h, person)).body.code).toBe('K007');
    const [row] = (await page('?filter=locked')).accounts;
    expect(row).toMatchObject({ email: person.email, locked: true, failed_logins: 10 });
    const unlocked = account(await act(pathTo(ADMIN_ENDPOINTS.unlock, { uuid: row?.uuid ?? '' })));
    expect(unlocked).toMatchObject({ status: 'active', locked: false, failed_logins: 0 });
    expect((await login(h, person)).status).toBe(200);
    const trail = await auditRows('admin.unlock', unlocked.uuid);
    expect(trail).toEqual([expect.objectContaining({ outcome: 'success', detail: { from: 'locked', failures: 10 } })]);
  });

  it('sets the expiry through the membership: the subscription ends there and the account gets K024 after it', async () => {
    const person = await activeAccount(h, 'admexp');
    const { uuid } = (await page(`?q=${person.name}`)).accounts[0] ?? { uuid: '' };
    const future = new Date(h.services.clock.now() + 40 * DAY).toISOString();
    const extended = account(await act(pathTo(ADMIN_ENDPOINTS.setExpiry, { uuid: uuid }), { expires_at: future }));
    const subscription = { state: 'cancelled', period_end: future, renews: false };
    expect(extended).toMatchObject({ expires_at: future, expired: false, subscription });
    expect((await login(h, person)).status).toBe(200);
    const past = new Date(h.services.clock.now() - DAY).toISOString();
    const ended = account(await act(pathTo(ADMIN_ENDPOINTS.setExpiry, { uuid: uuid }), { expires_at: past }));
    expect(ended).toMatchObject({ expires_at: past, expired: true, subscription: { state: 'expired' } });
    expect((await login(h, person)).body.code).toBe('K024');
    expect((await page('?filter=expired')).accounts.map((a) => a.uuid)).toContain(uuid);
    expect((await auditRows('admin.set_expiry', uuid)).map((r) => r.detail)).toEqual([
      { from: null, to: future, subscription: 'cancelled' },
      { from: future, to: past, subscription: 'expired' },
    ]);
    expect((await act(pathTo(ADMIN_ENDPOINTS.setExpiry, { uuid: uuid }), { expires_at: 'tomorrow' })).body.code).toBe('VALIDATION_FAILED');
  });

  it('changes the account type, refuses an unknown type, an unknown account and a malformed id', async () => {
    const changed = account(await act(pathTo(ADMIN_ENDPOINTS.changeType, { uuid: doctor.uuid }), { user_type: '00001' }));
    expect(changed.user_type).toBe('00001');
    const trail = await auditRows('admin.change_type', doctor.uuid);
    expect(trail).toContainEqual(expect.objectContaining({ outcome: 'success', detail: { from: '00000', to: '00001' } }));
    expect((await act(pathTo(ADMIN_ENDPOINTS.changeType, { uuid: doctor.uuid }), { user_type: '99999' })).body.code).toBe(
      'VALIDATION_FAILED',
    );
    expect((await act(pathTo(ADMIN_ENDPOINTS.unlock, { uuid: '00000000-0000-4000-8000-000000000000' }))).status).toBe(404);
    expect((await act(pathTo(ADMIN_ENDPOINTS.unlock, { uuid: 'not-a-uuid' }))).body.code).toBe('VALIDATION_FAILED');
  });

  it("shows each account's usage: live patients, charts, model runs and stored bytes", async () => {
    const person = await activeAccount(h, 'admuse');
    const idRow = z.object({ id: z.number(), uuid: z.string() });
    const [user] = await queryRows(h.services.database.db, sql`select id, uuid from users where email = ${person.email}`, idRow);
    if (!user) throw new Error('no user');
    const db = h.services.database.db;
    const patient = { userId: user.id, birthInfo: '2010-01-01', gender: true };
    const [p1] = await db
      .insert(patients)
      .values({ ...patient, patientId: '1', firstName: 'A' })
      .returning();
    await db.insert(patients).values({ ...patient, patientId: '2', firstName: 'B', deletedAt: new Date() });
    const [c1] = await db
      .insert(charts)
      .values({ chartId: `adm-${user.id}-1`, patientRef: p1?.id ?? 0 })
      .returning();
    await db.insert(charts).values({ chartId: `adm-${user.id}-2`, patientRef: p1?.id ?? 0 });
    await db.insert(analysisRecords).values({ chartRef: c1?.id ?? 0, inferResult: { version: 1 } });
    await db.insert(chartData).values([
      { chartRef: c1?.id ?? 0, imageTypeCd: '00700', path: 'a', sizeBytes: 1000 },
      { chartRef: c1?.id ?? 0, imageTypeCd: '00710', path: 'b', sizeBytes: 234 },
    ]);
    const [row] = (await page(`?q=${person.name}`)).accounts;
    expect(row?.usage).toEqual({ patients: 1, charts: 2, ai_runs: 1, storage_bytes: 1234 });
    expect((await page(`?q=${doctor.person.name}`)).accounts[0]?.usage).toEqual({ patients: 0, charts: 0, ai_runs: 0, storage_bytes: 0 });
  });

  it('reads the role on every call: a demoted admin is refused at once', async () => {
    await setUser('ops@ceppro.test', sql`role = 'user'`);
    try {
      expect((await list()).body.code).toBe('ADMIN_REQUIRED');
    } finally {
      await setUser('ops@ceppro.test', sql`role = 'admin'`);
    }
    expect((await list()).status).toBe(200);
  });
});
