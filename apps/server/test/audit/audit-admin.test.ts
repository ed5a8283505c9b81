import { ADMIN_ENDPOINTS, adminAuditPageSchema, AUDIT_ENDPOINTS, successEnvelopeSchema, type AdminAuditPage } from '@ceppro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrPromoteAdmin } from '../../src/features/admin/admin-bootstrap';
import { activeAccount, login } from '../auth/auth-harness';
import { createGraphHarness, type GraphHarness } from '../graphql/graph-harness';
import { ManualClock } from '../support/manual-clock';

/**
 * The administrators' audit view (/api/admin/audit/events and .csv) through HTTP on a real database:
 * only the admin role reads it (403 otherwise, and the attempt is recorded); every account's events
 * with the filters (account by e-mail or id, patient, action, outcome, time), keyset pages and CSV;
 * refused requests shown with the target they resolved to; and each reading recorded itself.
 */
const clock = new ManualClock(Date.parse('2026-07-01T09:00:00Z'));
const ADMIN_PASSWORD = 'Admin#2026x';
let g: GraphHarness;
const admin = { token: '', ip: '192.0.2.44' };
const a = { token: '', email: '', user: 0, patient: 0 };
const b = { token: '', email: '', user: 0 };

async function get(url: string, token: string, ip = '192.0.2.99') {
  const r = await g.h.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': ip } });
  return { status: r.statusCode, text: r.body, headers: r.headers, json: () => JSON.parse(r.body) as { code?: string } };
}

async function view(query = ''): Promise<AdminAuditPage> {
  const reply = await get(`${ADMIN_ENDPOINTS.auditEvents.path}${query}`, admin.token, admin.ip);
  expect(reply.status, reply.text).toBe(200);
  return successEnvelopeSchema(adminAuditPageSchema).parse(reply.json()).data;
}

async function signedIn(prefix: string) {
  const person = await activeAccount(g.h, prefix);
  const reply = await login(g.h, person);
  return { token: String(reply.body.data?.token), email: person.email };
}

beforeAll(async () => {
  g = await createGraphHarness({}, { clock });
  await createOrPromoteAdmin(g.h.services.database.db, clock, { email: 'auditops@ceppro.test', password: ADMIN_PASSWORD });
  const ops = await login(g.h, { email: 'auditops@ceppro.test', ip: admin.ip }, { password: ADMIN_PASSWORD });
  admin.token = String(ops.body.data?.token);
  Object.assign(a, await signedIn('admaudita'));
  Object.assign(b, await signedIn('admauditb'));
  const p = await g.ok<{ create_patient: { id: number } }>(
    a.token,
    'mutation { create_patient(input: { first_name: "Admin View Patient", birth_info: "1985-04-04", gender: true }) { id } }',
  );
  a.patient = p.create_patient.id;
  await g.ok(a.token, '{ patients { items { id } } }');
  // B asks for A's patient: refused, "not found" to B.
  expect((await g.ok<{ patient: unknown }>(b.token, 'query($id: Int!) { patient(id: $id) { id } }', { id: a.patient })).patient).toBeNull();
});

afterAll(async () => {
  await g?.close();
});

describe('who may read it', () => {
  it('answers 403 ADMIN_REQUIRED to a normal account (the page and the CSV) and records the attempt as denied', async () => {
    for (const path of [ADMIN_ENDPOINTS.auditEvents.path, ADMIN_ENDPOINTS.auditCsv.path]) {
      const refused = await get(`${path}?account=${encodeURIComponent(b.email)}`, a.token);
      expect(refused.status, path).toBe(403);
      expect(refused.json().code).toBe('ADMIN_REQUIRED');
    }
    expect((await g.h.app.inject({ method: 'GET', url: ADMIN_ENDPOINTS.auditEvents.path })).statusCode).toBe(401);
    const attempts = (await view('?action=admin.audit_view&outcome=denied')).items;
    expect(attempts).toHaveLength(2);
    expect(attempts[0]).toMatchObject({ actor: { email: a.email }, owner: null, outcome: 'denied' });
  });
});

describe('what it shows', () => {
  it("filters by account e-mail: that account's events as actor or owner, refused ones with the patient they hit", async () => {
    const page = await view(`?account=${encodeURIComponent(a.email.toUpperCase())}&limit=100`);
    expect(page.retention_days).toBe(2190);
    a.user = page.items.find((e) => e.action === 'patient.create')?.actor?.user_id ?? 0;
    expect(page.items.every((e) => e.actor?.user_id === a.user || e.owner?.user_id === a.user)).toBe(true);
    expect(page.items.find((e) => e.action === 'patient.list')).toMatchObject({
      actor: { user_id: a.user, email: a.email },
      detail: { patientIds: [a.patient] },
    });
    const refused = page.items.find((e) => e.action === 'patient.view' && e.outcome === 'denied');
    expect(refused).toMatchObject({
      owner: { email: a.email },
      actor: { email: b.email },
      patient_ref: a.patient,
      target_id: String(a.patient),
    });
    b.user = refused?.actor?.user_id ?? 0;
    // No patient names in the administrators' view.
    expect(JSON.stringify(page)).not.toContain('Admin View Patient');
  });

  it("filters by account id: B's own refused request shows the target it resolved to (B's own log does not)", async () => {
    const page = await view(`?account=${b.user}&action=patient`);
    expect(page.items.map((e) => [e.action, e.outcome, e.patient_ref])).toEqual([['patient.view', 'denied', a.patient]]);
    const own = await get(`${AUDIT_ENDPOINTS.list.path}?action=patient`, b.token);
    expect(JSON.stringify(own.json())).not.toContain(`"patientId":${a.patient}`);
  });

  it('filters by patient (lists that returned it too), action, outcome and time, and pages by keyset', async () => {
    const about = (await view(`?patient_id=${a.patient}&limit=100`)).items.map((e) => e.action).sort();
    expect(about).toEqual(['patient.create', 'patient.list', 'patient.view']);
    expect((await view('?outcome=denied&action=patient')).items.map((e) => e.action)).toEqual(['patient.view']);
    const later = new Date(clock.now() + 3_600_000).toISOString();
    expect((await view(`?from=${encodeURIComponent(later)}`)).items).toEqual([]);
    expect((await view(`?to=${encodeURIComponent(later)}&action=patient.list`)).items).toHaveLength(1);
    expect((await view('?account=nobody%40nowhere.test')).items).toEqual([]);
    const all = (await view('?limit=100')).items.map((e) => e.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: AdminAuditPage = await view(`?limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((e) => e.id));
      cursor = page.next_cursor;
    } while (cursor);
    // Every reading is recorded: the pages hold the rows read at once, and the one row that reading added.
    expect(all.length).toBeLessThan(100);
    expect(seen.slice(1)).toEqual(all);
    expect((await get(`${ADMIN_ENDPOINTS.auditEvents.path}?limit=0`, admin.token, admin.ip)).status).toBe(400);
  });

  it('downloads the filtered events as CSV with a BOM, in the same format as the owner', async () => {
    const reply = await get(`${ADMIN_ENDPOINTS.auditCsv.path}?account=${encodeURIComponent(a.email)}`, admin.token, admin.ip);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/csv/);
    expect(reply.text.startsWith('\uFEFFtime_utc,action,outcome,actor_user_id,actor_email,owner_user_id,owner_email,patient_ref')).toBe(
      true,
    );
    const lines = reply.text.trim().split('\r\n');
    expect(lines.some((line) => line.includes(',patient.list,success,') && line.includes(a.email))).toBe(true);
    expect(lines.some((line) => line.includes(',patient.view,denied,') && line.includes(b.email))).toBe(true);
  });

  it('records each reading as admin.audit_view, in the named account’s own activity log too', async () => {
    const readings = (await view(`?action=admin.audit_view&outcome=success&account=${a.user}`)).items;
    expect(readings.length).toBeGreaterThanOrEqual(2);
    expect(readings.every((e) => e.actor?.email === 'auditops@ceppro.test' && e.owner?.user_id === a.user)).toBe(true);
    expect(readings.map((e) => e.detail?.['format'])).toContain('csv');
    const seenByA = await get(`${AUDIT_ENDPOINTS.list.path}?action=admin.audit_view`, a.token);
    const items = (seenByA.json() as unknown as { data: { items: Array<{ by_me: boolean; outcome: string }> } }).data.items;
    expect(items.filter((e) => !e.by_me && e.outcome === 'success').length).toBeGreaterThanOrEqual(2);
  });
});
