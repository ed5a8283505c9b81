import { ADMIN_ENDPOINTS, pathTo } from '@ceppro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config';
import { createOrPromoteAdmin } from '../../src/features/admin/admin-bootstrap';
import { createAuthHarness, followMailedLink, login, newPerson, signUpForm, type AuthHarness } from '../auth/auth-harness';

const ADMIN_PASSWORD = 'Approve!2026x';

/**
 * ADMIN_APPROVAL_USER_TYPES: a new account of a listed type confirms its email and then waits for an
 * administrator (K017 at sign-in) until it is approved in /admin; other types are active at once.
 */
describe('accounts that need administrator authentication', () => {
  let h: AuthHarness;
  let admin: { token: string; ip: string };

  beforeAll(async () => {
    h = await createAuthHarness({ ADMIN_APPROVAL_USER_TYPES: 'company, lab' });
    await createOrPromoteAdmin(h.services.database.db, h.services.clock, {
      email: 'ops@approval.test',
      password: ADMIN_PASSWORD,
      name: 'Ops',
    });
    const signedIn = await login(
      h,
      { email: 'ops@approval.test', name: 'Ops', mobile: '', ip: '192.0.2.20' },
      { password: ADMIN_PASSWORD },
    );
    expect(signedIn.status, signedIn.raw).toBe(200);
    admin = { token: String(signedIn.body.data?.token), ip: '192.0.2.20' };
  });
  afterAll(() => h?.closeAll());

  async function signUpAs(userType: string, prefix: string) {
    const person = newPerson(prefix);
    const form = { ...(await signUpForm(h, person)), userType };
    const signedUp = await h.post('/public/sign-up', form, { ip: person.ip });
    expect(signedUp.status, signedUp.raw).toBe(200);
    const confirmed = await followMailedLink(h, h.mail.last(person.email, /confirm your email/i));
    expect(confirmed.status, confirmed.raw).toBe(200);
    return person;
  }

  it('a company account waits for the administrator: K017, then approved, then signs in', async () => {
    const person = await signUpAs('00003', 'company');
    const refused = await login(h, person);
    expect(refused.body.code).toBe('K017');
    const listed = await h.app.inject({
      method: 'GET',
      url: `${ADMIN_ENDPOINTS.list.path}?filter=pending&q=${encodeURIComponent(person.email)}`,
      headers: { authorization: `Bearer ${admin.token}`, 'x-forwarded-for': admin.ip },
    });
    const row = (JSON.parse(listed.body) as { data: { accounts: Array<{ uuid: string; status: string }> } }).data.accounts[0];
    expect(row?.status).toBe('pending_admin');
    const approved = await h.postJson(
      pathTo(ADMIN_ENDPOINTS.approve, { uuid: String(row?.uuid) }),
      {},
      { token: admin.token, ip: admin.ip },
    );
    expect(approved.status, approved.raw).toBe(200);
    expect((await login(h, person)).status).toBe(200);
  });

  it('a doctor account is active as soon as the email is confirmed', async () => {
    const person = await signUpAs('00000', 'docnow');
    expect((await login(h, person)).status).toBe(200);
  });

  it('refuses an unknown account type in the setting, naming it', () => {
    expect(() => loadConfig({ ADMIN_APPROVAL_USER_TYPES: 'company,clinic' })).toThrow(/unknown account type clinic/);
    expect(loadConfig({ ADMIN_APPROVAL_USER_TYPES: 'lab,company,lab' }).adminApprovalUserTypes).toEqual(['00002', '00003']);
    expect(loadConfig({}).adminApprovalUserTypes).toEqual([]);
  });
});
