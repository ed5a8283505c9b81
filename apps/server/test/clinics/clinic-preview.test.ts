import {
  CLINIC_ACCEPT_PAGE,
  CLINIC_ENDPOINTS,
  clinicInvitationPreviewSchema,
  errorEnvelopeSchema,
  successEnvelopeSchema,
} from '@ceppro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeAccount, createAuthHarness, linkIn, login, type AuthHarness, type Person } from '../auth/auth-harness';
import { ManualClock } from '../support/manual-clock';

/*
 * The accept page's preview of an invitation (`POST /api/clinic/invitations/preview`): the clinic, role
 * and inviter for the invited account only, the same refusals as accepting, and no change made.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const E = CLINIC_ENDPOINTS;

describe('clinic invitation preview', () => {
  const clock = new ManualClock();
  let h: AuthHarness;
  const people = {} as Record<'owner' | 'invitee' | 'other', Person>;
  const tokens: Record<string, string> = {};

  async function call(who: string, url: string, body: unknown) {
    const response = await h.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${tokens[who]}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    return { status: response.statusCode, json: JSON.parse(response.body) as unknown };
  }
  async function signIn(who: keyof typeof people): Promise<void> {
    const reply = await login(h, people[who]);
    expect(reply.status, reply.raw).toBe(200);
    tokens[who] = String(reply.body.data?.token);
  }
  const codeOf = (json: unknown) => errorEnvelopeSchema.parse(json).code;

  function tokenFor(email: string): string {
    const mail = h.mail.mails.filter((m) => m.to.includes(email) && /invites you/.test(m.subject)).at(-1);
    if (!mail) throw new Error(`no invitation mail to ${email}`);
    return decodeURIComponent(linkIn(mail).slice(`${CLINIC_ACCEPT_PAGE}?token=`.length));
  }

  beforeAll(async () => {
    h = await createAuthHarness({}, { clock });
    for (const who of ['owner', 'invitee', 'other'] as const) {
      people[who] = await activeAccount(h, `pv${who}`);
      await signIn(who);
    }
    expect((await call('owner', E.create.path, { name: 'Preview Dental' })).status).toBe(200);
    expect((await call('owner', E.invite.path, { email: people.invitee.email, role: 'assistant' })).status).toBe(200);
  });
  afterAll(() => h?.closeAll());

  it('shows the invited account the clinic, role and inviter, and changes nothing', async () => {
    const token = tokenFor(people.invitee.email);
    const seen = await call('invitee', E.preview.path, { token });
    expect(seen.status).toBe(200);
    expect(successEnvelopeSchema(clinicInvitationPreviewSchema).parse(seen.json).data).toMatchObject({
      clinic_name: 'Preview Dental',
      role: 'assistant',
      email: people.invitee.email,
      invited_by: people.owner.name,
      already_member: false,
    });
    // Previewing twice is fine, and the invitation still accepts once.
    expect((await call('invitee', E.preview.path, { token })).status).toBe(200);
    expect((await call('invitee', E.accept.path, { token })).status).toBe(200);
    expect(codeOf((await call('invitee', E.preview.path, { token })).json)).toBe('INVITATION_INVALID');
  });

  it('refuses another account, an unknown token and an expired invitation', async () => {
    expect((await call('owner', E.invite.path, { email: people.other.email, role: 'doctor' })).status).toBe(200);
    const token = tokenFor(people.other.email);
    const mismatch = await call('owner', E.preview.path, { token });
    expect([mismatch.status, codeOf(mismatch.json)]).toEqual([403, 'INVITATION_EMAIL_MISMATCH']);
    expect(codeOf((await call('other', E.preview.path, { token: 'y'.repeat(43) })).json)).toBe('INVITATION_INVALID');
    expect((await call('other', E.preview.path, { token })).status).toBe(200);
    clock.advance(7 * DAY_MS + 1000);
    for (const who of ['owner', 'invitee', 'other'] as const) await signIn(who);
    expect(codeOf((await call('other', E.preview.path, { token })).json)).toBe('INVITATION_INVALID');
  });

  it('tells a member of a clinic that accepting needs leaving first', async () => {
    const second = await activeAccount(h, 'pvsecond');
    tokens.second = String((await login(h, second)).body.data?.token);
    expect((await call('second', E.create.path, { name: 'Second Dental' })).status).toBe(200);
    expect((await call('owner', E.invite.path, { email: second.email, role: 'doctor' })).status).toBe(200);
    const preview = await call('second', E.preview.path, { token: tokenFor(second.email) });
    expect(successEnvelopeSchema(clinicInvitationPreviewSchema).parse(preview.json).data).toMatchObject({ already_member: true });
  });
});
