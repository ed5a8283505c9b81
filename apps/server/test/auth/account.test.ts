import { encodePassword } from '@ceppro/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../src/db/raw-query';
import { activeAccount, createAuthHarness, followMailedLink, login, PASSWORD, type AuthHarness, type Person } from './auth-harness';

// One app for the file: starting one costs seconds on PGlite.
let h: AuthHarness;
beforeAll(async () => {
  h = await createAuthHarness();
});
afterAll(() => h?.closeAll());

describe('find email and password', () => {
  let person: Person;
  beforeAll(async () => {
    person = await activeAccount(h, 'find');
  });

  it('finds the email by name and mobile, proven by SMS code, and shows it masked', async () => {
    const unknown = await h.post('/public/find-id', { name: 'Nobody', mobileNumber: person.mobile }, { ip: person.ip });
    expect(unknown.body).toMatchObject({ code: 'M003', message: 'No matching member information.' });
    const sent = await h.post('/public/find-id', { name: person.name, mobileNumber: person.mobile }, { ip: person.ip });
    expect(sent.body.data).toEqual({ sent: true, expires_in: 180 });
    const code = await h.smsCode(person.mobile);
    const wrong = await h.post(
      '/public/tfind-id',
      { name: person.name, mobileNumber: person.mobile, code: code === '123456' ? '654321' : '123456' },
      { ip: person.ip },
    );
    expect(wrong.body.code).toBe('K022');
    const found = await h.post('/public/tfind-id', { name: person.name, mobileNumber: person.mobile, code }, { ip: person.ip });
    expect(found.status).toBe(200);
    const local = person.email.split('@')[0] ?? '';
    expect(found.body.data?.email).toBe(`${local.slice(0, 2)}${'*'.repeat(local.length - 2)}@clinic.test`);
  });

  it('mails a temporary password after SMS proof; it must be changed at next login', async () => {
    // A mismatch answers like a match (the screen does not tell which emails exist) and sends nothing.
    const mismatch = await h.post(
      '/public/find-pw',
      { email: person.email, name: 'Other', mobileNumber: person.mobile },
      { ip: person.ip },
    );
    expect(mismatch.body).toEqual({ success: true, data: { sent: true, expires_in: 180 } });
    const session = await login(h, person);
    expect(
      (await h.post('/public/find-pw', { email: person.email, name: person.name, mobileNumber: person.mobile }, { ip: person.ip })).status,
    ).toBe(200);
    const proven = await h.post(
      '/public/tfind-pw',
      { email: person.email, mobileNumber: person.mobile, code: await h.smsCode(person.mobile) },
      { ip: person.ip },
    );
    expect(proven.status, proven.raw).toBe(200);
    const resetToken = String(proven.body.data?.reset_token);
    expect((await h.post('/public/set-tempw', { resetToken }, { ip: person.ip })).body).toEqual({ success: true, data: { sent: true } });
    // The proof is spent once the password changed.
    expect((await h.post('/public/set-tempw', { resetToken }, { ip: person.ip })).body).toMatchObject({ key: 'auth.token.invalid' });

    const mail = h.mail.last(person.email, /temporary password/);
    const temporary = /temporary password is: (\S+)/.exec(mail.text)?.[1] ?? '';
    expect(temporary).toHaveLength(12);
    expect(mail.html).toContain('temporary password');
    // Sessions of the old password are over; the old password no longer works.
    expect((await h.post('/api/check', undefined, { token: String(session.body.data?.token), ip: person.ip })).body.code).toBe('J001');
    expect((await login(h, person)).body.code).toBe('K006');

    const temp = await login(h, person, { password: temporary });
    expect(temp.body.data).toMatchObject({ password_change_required: true, password_change_reason: 'temporary' });
    const token = String(temp.body.data?.token);
    expect((await h.post('/api/extend-pw', undefined, { token, ip: person.ip })).status).toBe(403);
    const changed = await h.post(
      '/api/update-user/identification',
      { currentPassword: encodePassword(temporary), password: encodePassword(PASSWORD), confirmPassword: encodePassword(PASSWORD) },
      { token, ip: person.ip },
    );
    expect(changed.body).toEqual({ success: true, data: { changed: true } });
    expect((await login(h, person)).body.data).toMatchObject({ password_change_required: false });
  });
});

describe('my info', () => {
  async function signedIn(prefix: string) {
    const person = await activeAccount(h, prefix);
    const response = await login(h, person);
    return { person, token: String(response.body.data?.token), opts: { token: String(response.body.data?.token), ip: person.ip } };
  }

  it('shows and updates the profile fields', async () => {
    const { person, opts } = await signedIn('info');
    const profile = await h.app.inject({
      method: 'GET',
      url: '/api/user-info',
      headers: { authorization: `Bearer ${opts.token}`, 'x-forwarded-for': person.ip },
    });
    expect(JSON.parse(profile.body).data).toMatchObject({
      email: person.email,
      mobile_number: person.mobile,
      gender: 1,
      tax_number: person.taxNumber.replace(/-/g, ''),
      fax_number: null,
    });
    const updated = await h.postJson(
      '/api/update-user/userinfo',
      { name: 'Renamed', phoneNumber: '031-555-1234', faxNumber: '02-555-1234', userType: '00001', gender: 0 },
      opts,
    );
    expect(updated.status, updated.raw).toBe(200);
    expect(updated.body.data).toMatchObject({
      email_change_pending: false,
      user: { first_name: 'Renamed', phone_number: '0315551234', fax_number: '025551234', user_type: '00001', gender: 0 },
    });
    const bad = await h.postJson('/api/update-user/userinfo', { phoneNumber: '12' }, opts);
    expect(bad.body).toMatchObject({ key: 'auth.phone.invalid', message: 'Incorrect phone number' });
    const tax = await h.postJson('/api/update-user/userinfo', { taxNumber: '220-81-62517' }, opts);
    expect(tax.body).toMatchObject({ key: 'auth.tax.verificationRequired' });
  });

  it('changes the email only after the link mailed to the new address is followed', async () => {
    const { person, opts } = await signedIn('mail');
    expect((await h.post('/api/update-user/userinfo', { email: person.email.toUpperCase() }, opts)).body).toMatchObject({
      key: 'auth.email.sameAsCurrent',
    });
    const newEmail = `new-${person.email}`;
    const pending = await h.post('/api/update-user/userinfo', { email: newEmail }, opts);
    expect(pending.body.data).toMatchObject({ email_change_pending: true, user: { email: person.email } });
    expect((await followMailedLink(h, h.mail.last(newEmail, /new email/))).status).toBe(200);
    expect((await login(h, { ...person, email: newEmail })).status).toBe(200);
    expect((await login(h, person)).body.code).toBe('K006');
  });

  it('changes the mobile number with an SMS code to the new number', async () => {
    const { person, opts } = await signedIn('mob');
    expect((await h.post('/api/send-otp-sms', { mobileNumber: person.mobile }, opts)).body).toMatchObject({
      key: 'auth.mobile.sameAsCurrent',
    });
    const newMobile = `019${person.mobile.slice(3)}`;
    expect((await h.post('/api/send-otp-sms', { mobileNumber: newMobile }, opts)).status).toBe(200);
    const code = await h.smsCode(newMobile);
    expect(
      (await h.post('/api/sms-update-mobile', { mobileNumber: newMobile, code: code === '000001' ? '000002' : '000001' }, opts)).body.code,
    ).toBe('K022');
    const done = await h.post('/api/sms-update-mobile', { mobileNumber: newMobile, code }, opts);
    expect(done.body).toEqual({ success: true, data: { mobile_number: newMobile } });
  });

  it('changes the password: current must match, new must differ; this session stays', async () => {
    const { person, opts } = await signedIn('pwc');
    const body = (current: string, next: string, confirm = next) => ({
      currentPassword: encodePassword(current),
      password: encodePassword(next),
      confirmPassword: encodePassword(confirm),
    });
    expect((await h.post('/api/update-user/identification', body('Wrong1!xx', 'Newpass1!'), opts)).body).toMatchObject({
      key: 'auth.password.currentMismatch',
      field: 'currentPassword',
    });
    expect((await h.post('/api/update-user/identification', body(PASSWORD, PASSWORD), opts)).body).toMatchObject({
      key: 'auth.password.sameAsCurrent',
    });
    expect((await h.post('/api/update-user/identification', body(PASSWORD, 'Newpass1!', 'Newpass1@'), opts)).body).toMatchObject({
      key: 'auth.confirmPassword.mismatch',
    });
    expect((await h.post('/api/update-user/identification', body(PASSWORD, 'weak'), opts)).body).toMatchObject({
      key: 'auth.password.invalid',
    });
    expect((await h.post('/api/update-user/identification', body(PASSWORD, 'Newpass1!'), opts)).status).toBe(200);
    expect((await h.post('/api/check', undefined, opts)).status).toBe(200);
    expect((await login(h, person, { password: 'Newpass1!' })).status).toBe(200);
    const audit = await queryRows(
      h.services.database.db,
      sql`select count(*)::int as n from audit_log a join users u on u.id = a.user_id
        where a.action = 'password_changed' and u.email = ${person.email}`,
      z.object({ n: z.number() }),
    );
    expect(audit[0]?.n).toBe(1);
  });
});
