import type { AdminAccount } from '@ceppro/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endOfDay } from '../../src/features/admin/components/admin-action-dialog.tsx';
import { readSession } from '../../src/stores/session.ts';
import { usePopupStore } from '../../src/stores/popup-store.ts';
import { clearCookies } from '../patients/fake-server.ts';
import { renderApp } from '../render-app.tsx';

const pending: AdminAccount = {
  uuid: '5f0c2a34-1b1d-4a3e-9a61-3c2d8e0b7a11',
  email: 'lab@clinic.test',
  first_name: 'Lee',
  user_type: '00002',
  status: 'pending_admin',
  role: 'user',
  created_at: '2026-03-01T09:00:00Z',
  expires_at: null,
  expired: false,
  locked: false,
  failed_logins: 0,
  subscription: { state: 'trial', period_end: '2026-03-31T09:00:00Z', renews: true },
  usage: { patients: 12, charts: 30, ai_runs: 25, storage_bytes: 5 * 1024 * 1024 },
};

let calls: Array<{ method: string; path: string; body: unknown }>;
let listAnswer: { status: number; body: unknown };

function stubServer() {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : null });
    let reply: { status: number; body: unknown } = { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found.' } };
    if (path === '/public/notices') reply = { status: 200, body: { success: true, data: { notices: [] } } };
    else if (path.startsWith('/api/admin/accounts?')) reply = listAnswer;
    else if (path.endsWith('/approve')) reply = { status: 200, body: { success: true, data: { ...pending, status: 'active' } } };
    else if (path.endsWith('/expiry')) reply = { status: 200, body: { success: true, data: pending } };
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  window.fetch = fetch;
}

function signInAs(role: 'user' | 'admin') {
  document.cookie = 'token=t1; path=/';
  document.cookie = `i=${encodeURIComponent(JSON.stringify({ email: 'ops@ceppro.test', first_name: 'Ops', role }))}; path=/`;
}

beforeEach(() => {
  clearCookies();
  calls = [];
  listAnswer = { status: 200, body: { success: true, data: { accounts: [pending], next_cursor: null } } };
  stubServer();
});
afterEach(() => {
  cleanup();
  usePopupStore.getState().close();
  vi.unstubAllGlobals();
});

describe('/admin', () => {
  it('lists accounts with type, status, subscription and usage, and approves one after the confirm dialog', async () => {
    signInAs('admin');
    renderApp('/admin');
    const row = await screen.findByTestId('admin-row');
    expect(calls.find((c) => c.path.startsWith('/api/admin/'))).toMatchObject({ method: 'GET', path: '/api/admin/accounts?filter=all' });
    expect(within(row).getByText('lab@clinic.test')).toBeTruthy();
    expect(within(row).getByText('Lab')).toBeTruthy();
    expect(within(row).getByTestId('admin-status').textContent).toBe('Awaiting approval');
    expect(within(row).getByText('Free trial')).toBeTruthy();
    expect(within(row).getByText('12')).toBeTruthy();
    expect(within(row).getByText('5 MB')).toBeTruthy();
    // A pending account offers Approve; nothing is sent before the dialog is confirmed.
    fireEvent.click(within(row).getByTestId('admin-approve'));
    const dialog = await screen.findByTestId('admin-dialog');
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog.textContent).toContain('lab@clinic.test is waiting for administrator authentication');
    expect(calls.some((c) => c.method === 'POST' && c.path.startsWith('/api/admin/'))).toBe(false);
    fireEvent.click(within(dialog).getByTestId('admin-dialog-confirm'));
    await waitFor(() => expect(calls.some((c) => c.path === `/api/admin/accounts/${pending.uuid}/approve`)).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('admin-dialog')).toBeNull());
    // The list is read again after the change.
    await waitFor(() => expect(calls.filter((c) => c.path.startsWith('/api/admin/accounts?'))).toHaveLength(2));
  });

  it('searches and filters through the query, and sends the expiry as the end of the chosen day', async () => {
    signInAs('admin');
    renderApp('/admin');
    await screen.findByTestId('admin-row');
    fireEvent.change(screen.getByTestId('admin-search'), { target: { value: ' lee ' } });
    fireEvent.submit(screen.getByRole('search'));
    fireEvent.change(screen.getByTestId('admin-filter'), { target: { value: 'pending' } });
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/admin/accounts?filter=pending&q=lee'));

    fireEvent.click(within(await screen.findByTestId('admin-row')).getByTestId('admin-setExpiry'));
    const dialog = await screen.findByTestId('admin-dialog');
    fireEvent.change(within(dialog).getByTestId('admin-expiry-date'), { target: { value: '2027-01-31' } });
    fireEvent.click(within(dialog).getByTestId('admin-dialog-confirm'));
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('/expiry'))?.body).toEqual({ expires_at: endOfDay('2027-01-31') }));
    expect(new Date(endOfDay('2027-01-31')).getDate()).toBe(31);
  });

  it('tells a signed-in user who is not an admin that the page is for administrators', async () => {
    signInAs('user');
    listAnswer = { status: 403, body: { success: false, code: 'ADMIN_REQUIRED', message: 'An administrator account is required.' } };
    renderApp('/admin');
    expect((await screen.findByTestId('admin-forbidden')).textContent).toBe('This page is for administrators only.');
  });

  it('reads the role from the user cookie; an old cookie without one is a normal user', () => {
    signInAs('admin');
    expect(readSession()?.role).toBe('admin');
    document.cookie = `i=${encodeURIComponent(JSON.stringify({ email: 'a@b.test', first_name: 'A' }))}; path=/`;
    expect(readSession()?.role).toBe('user');
    document.cookie = `i=${encodeURIComponent(JSON.stringify({ email: 'a@b.test', role: 'root' }))}; path=/`;
    expect(readSession()).toMatchObject({ email: 'a@b.test', role: 'user' });
  });
});
