import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pendingInvitationPath } from '../../src/features/clinic/lib/pending-invitation.ts';
import { usePopupStore } from '../../src/stores/popup-store.ts';
import { clearCookies, signIn } from '../patients/fake-server.ts';
import { renderApp } from '../render-app.tsx';
import {
  ASSISTANT_UUID,
  CLINIC_UUID,
  clinic,
  clinicFake,
  DOCTOR_UUID,
  INVITATION_ID,
  mine,
  ok,
  OWNER_UUID,
  patientPage,
  patientRow,
  refuse,
  type ClinicFake,
} from './clinic-fake.ts';

/*
 * The clinic screens (docs/clinics.md): the settings section (create, members, roles, invitations,
 * leave), the header's space switcher with the cache reset after a switch, the patient list's creator
 * and last change and the controls a role may not use, and the invitation page.
 */

let fake: ClinicFake;

beforeEach(() => {
  clearCookies();
  localStorage.clear();
  signIn();
});
afterEach(() => {
  cleanup();
  usePopupStore.getState().close();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The first find on a lazily loaded screen waits for its chunk (slow on a busy machine). */
const LAZY = { timeout: 8000 };
const popup = () => screen.getByTestId('confirm-popup');
const confirm = (name: string) => fireEvent.click(within(popup()).getByRole('button', { name }));
const sent = (method: string, path: string) => fake.calls.filter((c) => c.method === method && c.path === path);

describe('/clinic', () => {
  it('offers a new clinic filled in from the sign-up details, creates it and shows it with the header switch', async () => {
    fake = clinicFake(mine('personal', null));
    fake.rest((c) => (c.method === 'POST' && c.path === '/api/clinic' ? ok(mine('personal', clinic({ invitations: [] }))) : undefined));
    renderApp('/clinic');
    const name = await screen.findByTestId<HTMLInputElement>('clinic-name', {}, LAZY);
    expect(name.value).toBe('Smile Dental');
    expect(screen.getByTestId<HTMLInputElement>('clinic-address1').value).toBe('Gangnam-daero 1');
    expect(screen.queryByTestId('space-switcher')).toBeNull();

    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(screen.getByTestId('clinic-create-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe('Give the clinic a name.');
    fireEvent.change(name, { target: { value: '  Smile Dental Gangnam ' } });
    fireEvent.change(screen.getByTestId('clinic-address2'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('clinic-create-submit'));

    expect((await screen.findByTestId('clinic-profile-name')).textContent).toBe('Smile Dental');
    expect(sent('POST', '/api/clinic')[0]?.body).toEqual({
      name: 'Smile Dental Gangnam',
      tax_number: '1234567890',
      tax_email: 'tax@smile.test',
      phone_number: '02-123-4567',
      zip_code: '06000',
      address1: 'Gangnam-daero 1',
    });
    expect(screen.getByTestId('space-current').textContent).toBe('Personal');
  });

  it('lets the owner change roles and remove members after asking, and says why the last owner stays', async () => {
    fake = clinicFake(mine('clinic', clinic()));
    fake.rest((c) => {
      if (c.method === 'PUT' && c.path === `/api/clinic/members/${OWNER_UUID}/role`) return refuse(409, 'CLINIC_LAST_OWNER');
      if (c.method === 'PUT' && c.path === `/api/clinic/members/${DOCTOR_UUID}/role`) return ok(mine('clinic', clinic()));
      if (c.method === 'DELETE' && c.path === `/api/clinic/members/${ASSISTANT_UUID}`) {
        const after = clinic();
        return ok(mine('clinic', { ...after, seats: 2, members: after.members.slice(0, 2) }));
      }
      return undefined;
    });
    renderApp('/clinic');
    const rows = await screen.findAllByTestId('clinic-member', {}, LAZY);
    expect(rows.map((r) => r.getAttribute('data-email'))).toEqual(['kim@example.com', 'park@smile.test', 'lee@smile.test']);
    expect(within(rows[0]!).queryByTestId('member-remove')).toBeNull();

    fireEvent.change(within(rows[1]!).getByTestId('member-role'), { target: { value: 'owner' } });
    expect(popup().textContent).toContain('Make Dr Park Owner?');
    confirm('Change role');
    await waitFor(() => expect(sent('PUT', `/api/clinic/members/${DOCTOR_UUID}/role`)[0]?.body).toEqual({ role: 'owner' }));

    fireEvent.click(within(rows[2]!).getByTestId('member-remove'));
    expect(popup().textContent).toContain('Remove Lee from the clinic?');
    confirm('Remove');
    await waitFor(() => expect(screen.getAllByTestId('clinic-member')).toHaveLength(2));

    fireEvent.change(within(screen.getAllByTestId('clinic-member')[0]!).getByTestId('member-role'), { target: { value: 'doctor' } });
    confirm('Change role');
    expect((await screen.findByTestId('clinic-error')).textContent).toBe(
      'A clinic always needs an owner. Make another member owner first.',
    );
  });

  it('lists the owner’s invitations, revokes one and sends a new one', async () => {
    fake = clinicFake(mine('personal', clinic()));
    fake.rest((c) => {
      if (c.method === 'DELETE' && c.path === `/api/clinic/invitations/${INVITATION_ID}`)
        return ok(mine('personal', clinic({ invitations: [] })));
      if (c.method === 'POST' && c.path === '/api/clinic/invitations') return ok(mine('personal', clinic()));
      return undefined;
    });
    renderApp('/clinic');
    const invitation = await screen.findByTestId('clinic-invitation', {}, LAZY);
    expect(invitation.textContent).toContain('new@smile.test');
    expect(invitation.textContent).toContain('Invited by Minji');
    fireEvent.click(within(invitation).getByTestId('invitation-revoke'));
    await screen.findByTestId('clinic-no-invitations');

    fireEvent.change(screen.getByTestId('invite-email'), { target: { value: 'not an address' } });
    fireEvent.click(screen.getByTestId('invite-send'));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a valid email address.');
    fireEvent.change(screen.getByTestId('invite-email'), { target: { value: ' nurse@smile.test ' } });
    fireEvent.change(screen.getByTestId('invite-role'), { target: { value: 'assistant' } });
    fireEvent.click(screen.getByTestId('invite-send'));
    expect((await screen.findByTestId('invite-sent')).textContent).toBe('Invitation sent to nurse@smile.test.');
    expect(sent('POST', '/api/clinic/invitations')[0]?.body).toEqual({ email: 'nurse@smile.test', role: 'assistant' });
  });

  it('shows a doctor the members without controls, and lets them leave', async () => {
    fake = clinicFake(mine('clinic', clinic({ my_role: 'doctor', invitations: [] })));
    fake.rest((c) => (c.method === 'POST' && c.path === '/api/clinic/leave' ? ok(mine('personal', null)) : undefined));
    renderApp('/clinic');
    await screen.findAllByTestId('clinic-member', {}, LAZY);
    expect(screen.queryByTestId('member-role')).toBeNull();
    expect(screen.queryByTestId('member-remove')).toBeNull();
    expect(screen.queryByTestId('clinic-invite')).toBeNull();
    expect(screen.getByTestId('clinic-my-role').textContent).toBe('Your role: Doctor');
    expect(screen.getByTestId('space-current').textContent).toBe('Smile Dental');

    fireEvent.click(screen.getByTestId('clinic-leave'));
    confirm('Leave');
    await screen.findByTestId('clinic-create');
    expect(screen.queryByTestId('space-switcher')).toBeNull();
  });
});

describe('the header’s space switcher', () => {
  it('shows where I work, switches explicitly and reads the list again in the new space', async () => {
    fake = clinicFake(mine('personal', clinic({ my_role: 'doctor', invitations: [] })));
    fake.rest((c) =>
      c.method === 'PUT' && c.path === '/api/clinic/space' ? ok(mine('clinic', clinic({ my_role: 'doctor', invitations: [] }))) : undefined,
    );
    fake.onGraph('Users', () => ({ users: [] }));
    fake.onGraph('Patients', (n) =>
      patientPage(n === 1 ? [patientRow(1, { first_name: 'Mine' })] : [patientRow(2, { first_name: 'Clinic patient' })]),
    );
    renderApp('/list/0');
    await screen.findByText('Mine');
    expect(screen.getByTestId('space-current').textContent).toBe('Personal');
    // The personal space shows no creator column: everything there is mine.
    expect(screen.queryByTestId('row-people')).toBeNull();

    fireEvent.click(screen.getByTestId('space-switcher'));
    fireEvent.click(screen.getByTestId('space-clinic'));
    expect((await screen.findByText('Clinic patient')).closest('tr')).not.toBeNull();
    expect(sent('PUT', '/api/clinic/space')[0]?.body).toEqual({ clinic_uuid: CLINIC_UUID });
    expect(screen.getByTestId('space-current').textContent).toBe('Smile Dental');
    expect(screen.queryByText('Mine')).toBeNull();
    expect(fake.graph.filter((o) => o === 'Patients')).toHaveLength(2);
  });

  it('is not there for someone without a clinic', async () => {
    fake = clinicFake(mine('personal', null));
    fake.onGraph('Users', () => ({ users: [] }));
    fake.onGraph('Patients', () => patientPage([patientRow(1)]));
    renderApp('/list/0');
    await screen.findByText('Patient 1');
    expect(screen.queryByTestId('space-switcher')).toBeNull();
    expect(screen.getByTestId('row-delete')).toBeTruthy();
  });
});

describe('the patient list in a clinic', () => {
  const inClinic = (role: 'doctor' | 'assistant') => {
    fake = clinicFake(mine('clinic', clinic({ my_role: role, invitations: [] })));
    fake.onGraph('Users', () => ({ users: [] }));
    fake.onGraph('Patients', () =>
      patientPage([
        patientRow(7, {
          created_by: { uuid: OWNER_UUID, first_name: 'Minji' },
          updated_by: null,
          charts: [
            {
              id: 70,
              uuid: '00000000-0000-4000-8000-000000000070',
              chart_id: '10000000-0000-4000-8000-000000000070',
              createdAt: '2024-01-02T00:00:00.000Z',
              chart_data: [{ image_type_cd: '00700', shoot_date: '2024-01-02' }],
              updated_by: { uuid: DOCTOR_UUID, first_name: 'Dr Park' },
            },
          ],
        }),
      ]),
    );
  };

  it('names who created each patient and who changed its chart last', async () => {
    inClinic('doctor');
    renderApp('/list/0');
    expect((await screen.findByTestId('row-created-by')).textContent).toBe('Created by Minji');
    expect(screen.getByTestId('row-changed-by').textContent).toBe('Changed by Dr Park');
    expect(screen.getByTestId('history-link').getAttribute('title')).toBe('Changed by Dr Park');
    expect(screen.getByTestId('row-delete')).toBeTruthy();
    expect(screen.getByTestId('batch-export-open')).toBeTruthy();
  });

  it('offers an assistant no delete and no export', async () => {
    inClinic('assistant');
    renderApp('/list/0');
    await screen.findByTestId('row-created-by');
    await waitFor(() => expect(screen.queryByTestId('row-delete')).toBeNull());
    expect(screen.queryByTestId('batch-export-open')).toBeNull();
    expect(screen.getByTestId('row-edit')).toBeTruthy();
  });
});

describe('/clinic/join', () => {
  const TOKEN = 'tok_'.padEnd(43, 'x');

  it('asks a signed-out invitee to sign in here, and remembers the invitation for a later sign-in', async () => {
    clearCookies();
    fake = clinicFake(mine('personal', null));
    renderApp(`/clinic/join?token=${TOKEN}`);
    expect((await screen.findByTestId('join-signed-out', {}, LAZY)).textContent).toContain(
      'Sign in with the email address the invitation was sent to',
    );
    expect(screen.getByTestId('sign-in-form')).toBeTruthy();
    expect(pendingInvitationPath()).toBe(`/clinic/join?token=${TOKEN}`);
    expect(pendingInvitationPath(Date.now() + 8 * 24 * 60 * 60 * 1000)).toBeNull();
  });

  it('shows the signed-in invitee the clinic and role, accepts, and offers the switch', async () => {
    fake = clinicFake(mine('personal', null));
    fake.rest((c) => {
      if (c.path === '/api/clinic/invitations/preview')
        return ok({
          clinic_name: 'Smile Dental',
          role: 'assistant',
          email: 'kim@example.com',
          invited_by: 'Minji',
          expires_at: '2026-03-11T09:00:00.000Z',
          already_member: false,
        });
      if (c.path === '/api/clinic/invitations/accept') return ok(mine('personal', clinic({ my_role: 'assistant', invitations: [] })));
      return undefined;
    });
    renderApp(`/clinic/join?token=${TOKEN}`);
    expect((await screen.findByTestId('join-clinic-name', {}, LAZY)).textContent).toBe('Smile Dental');
    expect(screen.getByTestId('join-role').textContent).toBe('Assistant');
    fireEvent.click(screen.getByTestId('join-accept'));
    expect((await screen.findByTestId('join-done')).textContent).toBe('You joined Smile Dental as Assistant.');
    expect(sent('POST', '/api/clinic/invitations/accept')[0]?.body).toEqual({ token: TOKEN });
    expect(screen.getByTestId('space-current').textContent).toBe('Personal');
  });

  it.each([
    ['INVITATION_EMAIL_MISMATCH', 403, 'This invitation was sent to another email address. Sign in with the invited address.'],
    ['INVITATION_INVALID', 400, 'This invitation is not valid any more'],
  ])('says %s in words', async (code, status, text) => {
    fake = clinicFake(mine('personal', null));
    fake.rest((c) => (c.path === '/api/clinic/invitations/preview' ? refuse(status, code) : undefined));
    renderApp(`/clinic/join?token=${TOKEN}`);
    expect((await screen.findByTestId('join-error', {}, LAZY)).textContent).toContain(text);
    expect(screen.queryByTestId('join-accept')).toBeNull();
  });

  it('tells a member of another clinic to leave it first', async () => {
    fake = clinicFake(mine('clinic', clinic()));
    fake.rest((c) =>
      c.path === '/api/clinic/invitations/preview'
        ? ok({
            clinic_name: 'Other',
            role: 'doctor',
            email: 'kim@example.com',
            invited_by: 'X',
            expires_at: '2026-03-11T09:00:00.000Z',
            already_member: true,
          })
        : undefined,
    );
    renderApp(`/clinic/join?token=${TOKEN}`);
    expect((await screen.findByTestId('join-error', {}, LAZY)).textContent).toBe('You already belong to a clinic. Leave it first.');
    expect(screen.queryByTestId('join-accept')).toBeNull();
  });
});
