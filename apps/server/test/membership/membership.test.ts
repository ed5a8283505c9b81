import { MEMBERSHIP_ENDPOINTS, pathTo, successEnvelopeSchema } from '@ceppro/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index';
import { ManualClock } from '../support/manual-clock';
import { pdfText } from './invoice-test-kit';
import { activeAccount, createAuthHarness, login, type AuthHarness, type Person } from '../auth/auth-harness';

const DAY = 86_400_000;
/** From 2026-02-27T00:00 to one hour before the paid month ends (2026-02-28T00:00). */
const HOUR_BEFORE_END = 23 * 3600_000;

/** Membership through HTTP on a clock the test moves: trial -> active (billing) -> cancelled -> expired (K024). */
describe('/api/membership', () => {
  let h: AuthHarness;
  const clock = new ManualClock(Date.parse('2026-01-01T00:00:00Z'));

  beforeAll(async () => {
    // Refresh tokens live 90 days: the test moves the clock by weeks and refreshes the access token.
    h = await createAuthHarness({ ACCESS_TOKEN_TTL_S: '86400', REFRESH_TOKEN_TTL_S: String(90 * 86_400) }, { clock });
  });
  afterAll(() => h?.closeAll());

  async function signedIn(prefix: string): Promise<{ person: Person; token: string; refresh: string }> {
    const person = await activeAccount(h, prefix);
    const reply = await login(h, person);
    expect(reply.status, reply.raw).toBe(200);
    return { person, token: String(reply.body.data?.token), refresh: String(reply.body.data?.refresh_token) };
  }
  /** A new access token after the clock moved past the old one's life. */
  async function refreshed(session: { person: Person; refresh: string }) {
    const r = await h.post('/api/refresh-token', { refreshToken: session.refresh }, { ip: session.person.ip });
    expect(r.status, r.raw).toBe(200);
    session.refresh = String(r.body.data?.refresh_token);
    return String(r.body.data?.token);
  }
  async function get(token: string, ip: string) {
    const r = await h.app.inject({
      method: 'GET',
      url: '/api/membership',
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': ip },
    });
    return { status: r.statusCode, json: JSON.parse(r.body) as { code?: string } };
  }
  const parse = (json: unknown) => successEnvelopeSchema(MEMBERSHIP_ENDPOINTS.get.response).parse(json).data;

  it('runs trial -> active -> cancelled -> expired, and the expired account gets K024', async () => {
    const session = await signedIn('member');
    const { person } = session;
    let token = session.token;
    const trial = parse((await get(token, person.ip)).json);
    expect(trial).toEqual({
      space: 'personal',
      clinic: null,
      plan: 'standard',
      price_won: 50_000,
      state: 'trial',
      trial_ends_at: '2026-01-31T00:00:00.000Z',
      billing_day: 31,
      next_charge_at: '2026-01-31T00:00:00.000Z',
      next_charge_won: 50_000,
      access_ends_at: null,
      // Signed up with a tax number: the built-in tax-invoice provider can charge the account.
      payment: { method: 'invoice', ready: true, tax_number: person.taxNumber.replace(/-/g, ''), invoice_email: 'tax@clinic.test' },
      history: [],
    });

    clock.advance(40 * DAY); // 2026-02-10: the trial ended on Jan 31, the first month was charged
    token = await refreshed(session);
    const active = parse((await get(token, person.ip)).json);
    expect(active).toMatchObject({
      state: 'active',
      trial_ends_at: null,
      next_charge_at: '2026-02-28T00:00:00.000Z',
      next_charge_won: 50_000,
    });
    expect(active.history).toEqual([
      expect.objectContaining({
        period_start: '2026-01-31T00:00:00.000Z',
        period_end: '2026-02-28T00:00:00.000Z',
        amount_won: 50_000,
        supply_won: 45_455,
        vat_won: 4_545,
        status: 'issued',
        method: 'invoice',
        number: expect.stringMatching(/^CP-202601-\d{6}$/),
      }),
    ]);
    // Reading again charges nothing twice.
    expect(parse((await get(token, person.ip)).json).history).toHaveLength(1);

    const cancelled = await h.post('/api/membership/cancel', undefined, { token, ip: person.ip });
    expect(cancelled.status, cancelled.raw).toBe(200);
    expect(cancelled.body.data).toMatchObject({
      state: 'cancelled',
      next_charge_at: null,
      next_charge_won: null,
      access_ends_at: '2026-02-28T00:00:00.000Z',
    });
    // The spec's expiration date on the user follows the subscription.
    const [user] = await h.services.database.db.select({ expiresAt: users.expiresAt }).from(users).where(eq(users.email, person.email));
    expect(user?.expiresAt?.toISOString()).toBe('2026-02-28T00:00:00.000Z');
    // Cancelling twice is refused.
    expect((await h.post('/api/membership/cancel', undefined, { token, ip: person.ip })).body.code).toBe('CONFLICT');

    // Still usable until the end of the paid month...
    clock.advance(17 * DAY); // 2026-02-27
    token = await refreshed(session);
    expect((await h.post('/api/check', undefined, { token, ip: person.ip })).status).toBe(200);
    // ...then expired: K024 on every call, a token refresh included.
    clock.advance(HOUR_BEFORE_END);
    token = await refreshed(session);
    clock.advance(3600_000); // 2026-02-28T00:00, the end of the paid month
    const expired = await get(token, person.ip);
    expect(expired.status).toBe(403);
    expect(expired.json.code).toBe('K024');
    expect((await h.post('/api/check', undefined, { token, ip: person.ip })).body.code).toBe('K024');
    expect((await h.post('/api/refresh-token', { refreshToken: session.refresh }, { ip: person.ip })).body.code).toBe('K024');
  });

  it("is per user: another account's trial starts on its own and sees none of the first one's history", async () => {
    const { person, token } = await signedIn('member2');
    const own = parse((await get(token, person.ip)).json);
    expect(own).toMatchObject({ state: 'trial', history: [] });
    // A cancelled trial ends at the trial end, with no charge.
    const cancelled = await h.post('/api/membership/cancel', undefined, { token, ip: person.ip });
    expect(cancelled.body.data).toMatchObject({ state: 'cancelled', access_ends_at: own.trial_ends_at, history: [] });
  });

  it("downloads the user's own invoice as a PDF; another user's download is 404", async () => {
    const owner = await signedIn('invoiced');
    expect(parse((await get(owner.token, owner.person.ip)).json).state).toBe('trial');
    clock.advance(31 * DAY); // the owner's trial ended: the first month is invoiced
    const token = await refreshed(owner);
    const [invoice] = parse((await get(token, owner.person.ip)).json).history;
    expect(invoice).toBeDefined();

    const download = (bearer: string, ip: string, id: string) =>
      h.app.inject({
        method: 'GET',
        url: pathTo(MEMBERSHIP_ENDPOINTS.invoicePdf, { id }),
        headers: { authorization: `Bearer ${bearer}`, 'x-forwarded-for': ip },
      });
    const own = await download(token, owner.person.ip, invoice!.id);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toBe(`attachment; filename="ceppro-invoice-${invoice!.number}.pdf"`);
    const text = pdfText(own.rawPayload);
    expect(text).toContain(invoice!.number);
    expect(text).toContain('50,000');
    expect(text).toContain(owner.person.taxNumber);

    const other = await signedIn('nosy');
    for (const id of [invoice!.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const r = await download(other.token, other.person.ip, id);
      expect(r.statusCode, id).toBe(404);
      expect(JSON.parse(r.body)).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await h.app.inject({ method: 'GET', url: pathTo(MEMBERSHIP_ENDPOINTS.invoicePdf, { id: invoice!.id }) })).statusCode).toBe(401);

    // The billing job the request queued mails the invoice over SMTP to the sign-up tax email.
    await h.app.background.runner.drain();
    expect(h.mail.last('tax@clinic.test', /세금계산서/).subject).toBe(`[Ceppro] 세금계산서 ${invoice!.number} / Tax invoice`);
  });

  it('needs a signed-in user', async () => {
    const r = await h.app.inject({ method: 'GET', url: '/api/membership' });
    expect(r.statusCode).toBe(401);
  });
});
