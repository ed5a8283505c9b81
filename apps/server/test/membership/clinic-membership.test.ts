import {
  CLINIC_ENDPOINTS,
  errorEnvelopeSchema,
  MEMBERSHIP_ENDPOINTS,
  successEnvelopeSchema,
  type ClinicRole,
  type Membership,
  pathTo,
} from '@ceppro/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicMembers, clinics, invoices, users } from '../../src/db/schema/index';
import { activeAccount, createAuthHarness, login, type AuthHarness, type Person } from '../auth/auth-harness';
import { ManualClock } from '../support/manual-clock';
import { pdfText } from './invoice-test-kit';

/*
 * Membership per clinic (issue 25 item 3, docs/billing.md "Clinics"): in a clinic the subscription,
 * its seats and its invoices are the clinic's; the owner manages them, the other members see the plan
 * and seats; a member's account lasts while their clinic's subscription does; a personal account keeps
 * its own. The clinic is set up in the database (its flows are test/clinics/clinic-flows.test.ts);
 * everything asked of membership goes through HTTP on a clock the test moves.
 */

const DAY = 86_400_000;
type Who = 'owner' | 'doctor' | 'assistant' | 'outsider';

describe('membership per clinic', () => {
  const clock = new ManualClock(Date.parse('2026-01-01T00:00:00Z'));
  let h: AuthHarness;
  const people = {} as Record<Who, Person>;
  const tokens = {} as Record<Who, string>;
  const ids = {} as Record<Who, number>;
  let clinicId = 0;

  async function call(who: Who, method: 'GET' | 'POST' | 'DELETE', url: string) {
    return h.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[who]}`, 'x-forwarded-for': people[who].ip } });
  }
  async function membership(who: Who): Promise<Membership> {
    const r = await call(who, 'GET', MEMBERSHIP_ENDPOINTS.get.path);
    expect(r.statusCode, r.body).toBe(200);
    return successEnvelopeSchema(MEMBERSHIP_ENDPOINTS.get.response).parse(JSON.parse(r.body)).data;
  }
  /** Signs everyone in afresh (after the clock moved past their tokens' life). */
  async function signInAll() {
    for (const who of ['owner', 'doctor', 'assistant', 'outsider'] as const) {
      const reply = await login(h, people[who]);
      expect(reply.status, reply.raw).toBe(200);
      tokens[who] = String(reply.body.data?.token);
    }
  }
  const errorCode = (body: string) => errorEnvelopeSchema.parse(JSON.parse(body)).code;
  const expiryOf = async (who: Who) =>
    (await h.services.database.db.select({ at: users.expiresAt }).from(users).where(eq(users.id, ids[who])))[0]?.at?.toISOString() ?? null;

  beforeAll(async () => {
    h = await createAuthHarness({}, { clock });
    const db = h.services.database.db;
    for (const who of ['owner', 'doctor', 'assistant', 'outsider'] as const) {
      people[who] = await activeAccount(h, `cm${who}`);
      ids[who] = (await db.select({ id: users.id }).from(users).where(eq(users.email, people[who].email)))[0]!.id;
    }
    // The doctor has no tax number of their own: their personal trial ends unpaid on Jan 31.
    await db.update(users).set({ taxNumber: null }).where(eq(users.id, ids.doctor));
    const [clinic] = await db
      .insert(clinics)
      .values({ name: '바른치과의원', taxNumber: '1248100998', taxEmail: 'clinic-tax@clinic.test', createdBy: ids.owner })
      .returning({ id: clinics.id });
    clinicId = clinic!.id;
    const roles: Array<[Who, ClinicRole]> = [
      ['owner', 'owner'],
      ['doctor', 'doctor'],
      ['assistant', 'assistant'],
    ];
    for (const [who, role] of roles) {
      await db.insert(clinicMembers).values({ clinicId, userId: ids[who], role, joinedAt: new Date(clock.now()) });
      await db.update(users).set({ activeClinicId: clinicId }).where(eq(users.id, ids[who]));
    }
    await signInAll();
    // Every trial starts now: the people's and the clinic's.
    await h.app.billing.run();
  });
  afterAll(() => h?.closeAll());

  it("shows the clinic's plan and seats to every member, its payment details and invoices to the owner only", async () => {
    const owner = await membership('owner');
    expect(owner).toMatchObject({
      space: 'clinic',
      clinic: { name: '바른치과의원', seats: 3, seat_price_won: 50_000, manage: true },
      plan: 'standard',
      price_won: 150_000,
      state: 'trial',
      trial_ends_at: '2026-01-31T00:00:00.000Z',
      next_charge_won: 150_000,
      payment: { method: 'invoice', ready: true, tax_number: '1248100998', invoice_email: 'clinic-tax@clinic.test' },
      history: [],
    });
    for (const who of ['doctor', 'assistant'] as const) {
      expect(await membership(who)).toMatchObject({
        space: 'clinic',
        clinic: { name: '바른치과의원', seats: 3, manage: false },
        price_won: 150_000,
        state: 'trial',
        payment: null,
        history: [],
      });
      const refused = await call(who, 'POST', MEMBERSHIP_ENDPOINTS.cancel.path);
      expect(refused.statusCode).toBe(403);
      expect(errorCode(refused.body)).toBe('ROLE_FORBIDDEN');
    }
    // The outsider's membership is their own, as before clinics.
    expect(await membership('outsider')).toMatchObject({ space: 'personal', clinic: null, price_won: 50_000, state: 'trial' });
  });

  it("charges the clinic once per period for its seats, addressed to the clinic's tax details", async () => {
    clock.advance(40 * DAY); // 2026-02-10: the trials ended on Jan 31
    await h.app.billing.run();
    await h.app.billing.run(); // a second run on the same day issues nothing new
    await signInAll();
    const rows = await h.services.database.db.select().from(invoices).where(eq(invoices.clinicId, clinicId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: null,
      seats: 3,
      amountWon: 150_000,
      buyerName: '바른치과의원',
      taxEmail: 'clinic-tax@clinic.test',
    });

    const owner = await membership('owner');
    expect(owner.state).toBe('active');
    expect(owner.history).toEqual([
      expect.objectContaining({
        period_start: '2026-01-31T00:00:00.000Z',
        amount_won: 150_000,
        supply_won: 136_364,
        vat_won: 13_636,
        seats: 3,
      }),
    ]);
    // The owner's personal invoice is not the clinic's: their history in the clinic lists only the clinic's.
    const [personal] = await h.services.database.db.select().from(invoices).where(eq(invoices.userId, ids.owner));
    expect(personal).toBeDefined();

    const id = owner.history[0]!.id;
    const pdf = await call('owner', 'GET', pathTo(MEMBERSHIP_ENDPOINTS.invoicePdf, { id }));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('바른치과의원');
    expect(text).toContain('124-81-00998');
    expect(text).toContain('Seats');
    expect(text).toContain('150,000');

    // A doctor of the clinic may not download it; the outsider does not learn it exists; the owner,
    // in the clinic, does not get their personal invoice through the clinic either.
    const doctor = await call('doctor', 'GET', pathTo(MEMBERSHIP_ENDPOINTS.invoicePdf, { id }));
    expect([doctor.statusCode, errorCode(doctor.body)]).toEqual([403, 'ROLE_FORBIDDEN']);
    const outsider = await call('outsider', 'GET', pathTo(MEMBERSHIP_ENDPOINTS.invoicePdf, { id }));
    expect([outsider.statusCode, errorCode(outsider.body)]).toEqual([404, 'NOT_FOUND']);
    const crossed = await call('owner', 'GET', pathTo(MEMBERSHIP_ENDPOINTS.invoicePdf, { id: personal!.id }));
    expect([crossed.statusCode, errorCode(crossed.body)]).toEqual([404, 'NOT_FOUND']);
  });

  it("keeps a member's account usable while the clinic pays, and ends it with the clinic's subscription or their removal", async () => {
    // The doctor's own trial ended unpaid on Jan 31, but the clinic's subscription has no end.
    expect(await expiryOf('doctor')).toBeNull();
    expect((await call('doctor', 'POST', '/api/check')).statusCode).toBe(200);

    const cancelled = await call('owner', 'POST', MEMBERSHIP_ENDPOINTS.cancel.path);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(JSON.parse(cancelled.body).data).toMatchObject({ state: 'cancelled', access_ends_at: '2026-02-28T00:00:00.000Z' });
    // Every member's account now ends with the clinic's paid month (or later, with their own).
    expect(await expiryOf('doctor')).toBe('2026-02-28T00:00:00.000Z');
    // The assistant's own subscription renews (a tax number of their own): no end.
    expect(await expiryOf('assistant')).toBeNull();
    expect(await expiryOf('outsider')).toBeNull();

    // Removed from the clinic by its owner, the doctor is left with their own (ended) trial at once,
    // before any billing run.
    const [doctor] = await h.services.database.db.select({ uuid: users.uuid }).from(users).where(eq(users.id, ids.doctor));
    const removed = await call('owner', 'DELETE', pathTo(CLINIC_ENDPOINTS.removeMember, { uuid: doctor!.uuid }));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await expiryOf('doctor')).toBe('2026-01-31T00:00:00.000Z');
    clock.advance(60_000); // past the session check's 2 s cache of the account's state
    const expired = await call('doctor', 'POST', '/api/check');
    expect([expired.statusCode, errorCode(expired.body)]).toEqual([403, 'K024']);
    expect((await login(h, people.doctor)).body.code).toBe('K024');
  });
});
