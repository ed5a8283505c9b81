import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_OVERRIDE_KEYS } from '../src/config/session.ts';
import { setPasswordChangeDue } from '../src/stores/session.ts';
import { usePopupStore } from '../src/stores/popup-store.ts';
import { renderApp } from './render-app.tsx';

type Handler = (path: string, body: string) => { status: number; body: unknown };
const calls: Array<{ path: string; body: string; auth: string | null }> = [];

function serve(handler: Handler) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const body = init?.body instanceof URLSearchParams ? init.body.toString() : String(init?.body ?? '');
    // The event popup asks for the current notices on every screen; these tests are about the session.
    if (path === '/public/notices') return new Response(JSON.stringify({ success: true, data: { notices: [] } }), { status: 200 });
    // The footer's company and UDI lines: chrome, not the session's business.
    if (path === '/public/site-info') return new Response(JSON.stringify({ success: true, data: { company: 'DDH Inc.', udi_code: null } }));
    // The header's space switcher reads the caller's clinic: chrome too.
    if (path === '/api/clinic') return new Response(JSON.stringify({ success: true, data: { space: 'personal', clinic: null } }));
    calls.push({ path, body, auth: new Headers(init?.headers).get('Authorization') });
    const reply = handler(path, body);
    return new Response(JSON.stringify(reply.body), { status: reply.status });
  });
  vi.stubGlobal('fetch', fetch);
  window.fetch = fetch;
}

const user = {
  id: 1,
  uuid: '0b5f8a52-6f43-4d5e-9a55-6d2f3c1f7b10',
  email: 'kim@example.com',
  first_name: 'Minji',
  user_permission: { version: 1, tutorial: true },
  user_type: '00000',
};

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

function signIn() {
  document.cookie = 'token=t1; path=/';
  document.cookie = `i=${encodeURIComponent(JSON.stringify(user))}; path=/`;
}

const assign = vi.fn();

beforeEach(() => {
  calls.length = 0;
  clearCookies();
  window.localStorage.clear();
  window.sessionStorage.clear();
  usePopupStore.getState().close();
  assign.mockReset();
  vi.stubGlobal('location', { ...window.location, assign, reload: vi.fn(), pathname: '/' });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('sign-in form', () => {
  it('asks for both fields, then shows the server refusal', async () => {
    serve(() => ({ status: 401, body: { success: false, code: 'K006', message: 'x', key: 'auth.error.loginIncorrect' } }));
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect((await screen.findByTestId('sign-in-error')).textContent).toBe('Please input both of e-mail and password.');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'Kim@Example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret1!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('sign-in-error').textContent).toBe('The input information is not correct.'));
    expect(calls[0]).toMatchObject({
      path: '/public/login',
      body: `email=kim%40example.com&password=${encodeURIComponent(btoa('Secret1!'))}`,
    });
  });

  it('stores token, refresh token and user; Save email keeps the email; goes to the list', async () => {
    serve(() => ({
      status: 200,
      body: {
        success: true,
        data: { token: 'tok', refresh_token: 'ref', user, password_change_required: false, password_change_reason: null },
      },
    }));
    const { router } = renderApp('/');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'kim@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret1!' } });
    fireEvent.click(screen.getByTestId('save-email'));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list/0'));
    expect(document.cookie).toContain('token=tok');
    // The refresh token is the server's HttpOnly cookie: the page never writes it where script reads it.
    expect(document.cookie).not.toContain('refreshToken');
    expect(document.cookie).toContain('savedEmail=kim%40example.com');
    expect(decodeURIComponent(document.cookie)).toContain('"first_name":"Minji"');
  });
});

describe('session watch', () => {
  it('login check: J005 shows "duplicate login user", then logs out 3 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    window.localStorage.setItem(SESSION_OVERRIDE_KEYS.loginCheckMs, '1000');
    serve(() => ({ status: 401, body: { success: false, code: 'J005', message: 'x' } }));
    signIn();
    renderApp('/reset-password'); // a screen that makes no API calls of its own: only the login check talks
    await act(() => vi.advanceTimersByTimeAsync(1100));
    const popup = await screen.findByTestId('confirm-popup');
    expect(popup.textContent).toContain('Duplicate login user');
    expect(popup.textContent).toContain('You will be logged out in 3 seconds.');
    expect(calls.map((c) => c.path)).toEqual(['/api/check']);
    expect(calls[0]?.auth).toBe('Bearer t1');
    await act(() => vi.advanceTimersByTimeAsync(2700)); // the notice came at about 1000 ms
    expect(assign).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(assign).toHaveBeenCalledWith('/');
    expect(document.cookie).not.toContain('token=');
  });

  it('locks after inactivity and unlocks with the password', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    window.localStorage.setItem(SESSION_OVERRIDE_KEYS.lockAfterMs, '5000');
    serve((path) =>
      path === '/api/renter-password'
        ? { status: 200, body: { success: true, data: { valid: true } } }
        : { status: 200, body: { success: true, data: {} } },
    );
    signIn();
    renderApp('/list/0');
    await act(() => vi.advanceTimersByTimeAsync(5100));
    const lock = await screen.findByTestId('lock-screen');
    expect(window.sessionStorage.getItem('ceppro.locked')).toBe('true');
    fireEvent.change(screen.getByTestId('lock-password'), { target: { value: 'Secret1!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(screen.queryByTestId('lock-screen')).toBeNull());
    expect(lock).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/renter-password')?.body).toBe(JSON.stringify({ password: btoa('Secret1!') }));
  });

  it('password older than 30 days: "change after 30 days" calls /api/extend-pw and closes', async () => {
    serve(() => ({ status: 200, body: { success: true, data: { password_change_due_at: '2030-01-01T00:00:00.000Z' } } }));
    signIn();
    setPasswordChangeDue('expired');
    renderApp('/reset-password'); // a screen that makes no API calls of its own
    const prompt = await screen.findByTestId('password-change-prompt');
    expect(prompt.textContent).toContain('Your password is older than 30 days. Please change it.');
    fireEvent.click(screen.getByTestId('password-later'));
    await waitFor(() => expect(screen.queryByTestId('password-change-prompt')).toBeNull());
    expect(calls.map((c) => c.path)).toEqual(['/api/extend-pw']);
  });
});
