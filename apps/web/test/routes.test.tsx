import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { NonIndexRouteObject, RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../src/app/routes.tsx';
import { useHistoryStore } from '../src/stores/history-store.ts';
import { useToastStore } from '../src/stores/toast-store.ts';
import { renderApp } from './render-app.tsx';

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

function signIn() {
  document.cookie = 'token=abc; path=/';
  document.cookie = `i=${encodeURIComponent(JSON.stringify({ email: 'kim@example.com', first_name: 'Minji' }))}; path=/`;
}

/** No server in jsdom: every API call answers "not signed in" (J001, passed to the caller). */
const fakeFetch = async () =>
  new Response(JSON.stringify({ success: false, code: 'J001', message: 'Access token missing or invalid.' }), { status: 401 });

beforeEach(() => {
  vi.stubGlobal('fetch', fakeFetch);
  window.fetch = fakeFetch;
  clearCookies();
  window.sessionStorage.clear();
  window.localStorage.clear();
  useToastStore.getState().clearAll();
  useHistoryStore.setState({ visited: [] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('redirects (signed in)', () => {
  beforeEach(signIn);
  it.each([
    ['/list', '/list/0'],
    ['/list/:p', '/list/0'],
    ['/list/{p}', '/list/0'],
    ['/list/%7Bp%7D', '/list/0'],
    ['/list/abc', '/list/0'],
    ['/list/-1', '/list/0'],
    ['/list/007', '/list/7'],
    ['/list/3', '/list/3'],
    ['/', '/list/0'],
  ])('%s -> %s', async (from, to) => {
    const { router } = renderApp(from);
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });

  it('shows the patient list on a list page', async () => {
    renderApp('/list/2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Patient list' })).toBeTruthy();
    expect(screen.getByTestId('pager')).toBeTruthy();
  });
});

describe('redirects (signed out)', () => {
  it.each([
    ['/no/such/page', '/'],
    ['/list/1/extra', '/'],
    ['/list/0', '/'],
    ['/list', '/'],
    ['/view/42', '/'],
    ['/create', '/'],
    ['/viewer/abc', '/'],
    ['/setting', '/'],
    ['/myinfo', '/'],
    ['/reset-password', '/'],
  ])('%s -> %s', async (from, to) => {
    const { router } = renderApp(from);
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });
});

describe('public screens', () => {
  it.each([
    ['/', 'Sign in'],
    ['/signup', 'Sign up'],
    ['/find-email', 'Find email'],
    ['/find-password', 'Find password'],
    ['/test', 'Popup demo'],
    ['/toast', 'Toast demo'],
    ['/404', 'Page not found'],
    ['/500', 'This page isn’t working'],
  ])('%s shows "%s"', async (path, heading) => {
    renderApp(path);
    // Sign-up and find-account are lazy routes (their chunk loads on first visit).
    expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 15_000 })).toBeTruthy();
  });
});

describe('screens (signed in)', () => {
  beforeEach(signIn);
  it.each([
    ['/view/42', 'Update information of patient'],
    ['/create', 'New patient'],
    ['/viewer/abc', 'Viewer'],
    ['/setting', 'Settings'],
    ['/drawing-pad', 'Drawing pad'],
    ['/membership', 'Membership'],
    ['/myinfo', 'My info'],
    ['/reset-email', 'Change email'],
    ['/reset-password', 'Change password'],
    ['/reset-mobile', 'Change mobile number'],
  ])('%s shows "%s"', async (path, heading) => {
    renderApp(path);
    // Lazy routes: a screen's chunk is transformed on its first load here, which can take seconds.
    expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 15_000 })).toBeTruthy();
  });
});

describe('chrome', () => {
  it('shows the footer with the version line, but not on the viewer', async () => {
    signIn();
    renderApp('/list/0');
    expect((await screen.findByTestId('footer')).textContent).toContain('Ver 3.00.00 (2023-03-24)');
    cleanup();
    // A signed-in call answered 401 now ends the session (the refresh token is an HttpOnly cookie
    // the page cannot see, so the client tries a refresh, which fails here): let the viewer's
    // calls find no chart instead, so it stays on screen.
    const noChart = async () => new Response(JSON.stringify({ success: false, code: 'NOT_FOUND', message: 'Not found.' }), { status: 404 });
    vi.stubGlobal('fetch', noChart);
    window.fetch = noChart;
    signIn();
    renderApp('/viewer/abc');
    // The viewer is a lazy route: its chunk's first load under vitest (transforming it) can take seconds.
    await screen.findByRole('heading', { name: 'Viewer' }, { timeout: 15_000 });
    expect(screen.queryByTestId('footer')).toBeNull();
  });

  it('links the logo home when signed out and to the list when signed in', async () => {
    renderApp('/signup');
    expect((await screen.findByTestId('logo')).getAttribute('href')).toBe('/');
    expect(screen.queryByTestId('user-menu')).toBeNull();
    cleanup();

    document.cookie = 'token=abc; path=/';
    document.cookie = `i=${encodeURIComponent(JSON.stringify({ email: 'kim@example.com', first_name: 'Minji' }))}; path=/`;
    renderApp('/signup');
    expect((await screen.findByTestId('logo')).getAttribute('href')).toBe('/list/0');
    expect(screen.getByTestId('user-menu').textContent).toContain('Minji');
  });

  it('signs out from the user menu: cookies cleared, back home', async () => {
    signIn();
    const { router } = renderApp('/list/0');
    fireEvent.click(await screen.findByTestId('user-menu'));
    expect(screen.getByText('kim@example.com')).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(document.cookie).not.toContain('token=');
    expect(screen.queryByTestId('user-menu')).toBeNull();
  });

  it('closes a dropdown on an outside click', async () => {
    renderApp('/signup');
    fireEvent.click(await screen.findByTestId('language-picker'));
    expect(screen.getByRole('menu')).toBeTruthy();
    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('back button: from settings to the list page visited before', async () => {
    signIn();
    const { router } = renderApp('/list/3');
    await screen.findByRole('heading', { level: 1, name: 'Patient list' });
    await act(() => router.navigate('/setting'));
    fireEvent.click(await screen.findByTestId('back-button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list/3'));
  });

  it('no back button on the list', async () => {
    signIn();
    renderApp('/list/0');
    await screen.findByTestId('footer');
    expect(screen.queryByTestId('back-button')).toBeNull();
  });
});

describe('error boundary', () => {
  it('renders the 500 page inside the chrome when a screen throws', async () => {
    const Boom = () => {
      throw new Error('secret patient data');
    };
    const [root] = routes as [NonIndexRouteObject];
    const [group] = root.children as [NonIndexRouteObject];
    const tree: RouteObject[] = [
      { ...root, children: [{ ...group, children: [{ path: '/boom', element: <Boom /> }, ...(group.children ?? [])] }] },
    ];
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/boom', tree);
    expect(await screen.findByTestId('server-error')).toBeTruthy();
    expect(screen.getByTestId('logo')).toBeTruthy();
    expect(document.body.textContent).not.toContain('secret patient data');
    spy.mockRestore();
  });
});

describe('toast stack', () => {
  it('auto-hides after 3 s away from home', async () => {
    vi.useFakeTimers();
    renderApp('/toast');
    fireEvent.click(screen.getByRole('button', { name: 'Warning toast' }));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(2900));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryAllByTestId('toast')).toHaveLength(0);
  });

  it('keeps a hovered toast and restarts the clock when the pointer leaves', async () => {
    vi.useFakeTimers();
    renderApp('/toast');
    fireEvent.click(screen.getByRole('button', { name: 'Error toast' }));
    const toast = screen.getByTestId('toast');
    fireEvent.mouseEnter(toast);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    fireEvent.mouseLeave(toast);
    act(() => vi.advanceTimersByTime(3100));
    expect(screen.queryAllByTestId('toast')).toHaveLength(0);
  });

  it('does not auto-hide on the home page', async () => {
    vi.useFakeTimers();
    useToastStore.getState().push({ kind: 'success', title: 'Hello', text: '' });
    renderApp('/');
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
  });

  it('does not duplicate a warning, and Clear all empties the stack', async () => {
    renderApp('/toast');
    const warn = screen.getByRole('button', { name: 'Warning toast' });
    fireEvent.click(warn);
    fireEvent.click(warn);
    fireEvent.click(screen.getByRole('button', { name: 'Success toast' }));
    expect(screen.getAllByTestId('toast')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(screen.queryAllByTestId('toast')).toHaveLength(0);
  });
});

describe('confirm popup', () => {
  it('opens from /test and closes with Escape', async () => {
    renderApp('/test');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('50,000 won');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('event popup: "do not open today" sets the popup cookie and suppresses it', async () => {
    renderApp('/test');
    fireEvent.click(await screen.findByRole('button', { name: 'Event popup' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Do not open today' }));
    fireEvent.click(screen.getByText('Close', { selector: 'button' }));
    expect(document.cookie).toContain('popup=true');
    fireEvent.click(screen.getByRole('button', { name: 'Event popup' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Event popup hidden')).toBeTruthy();
  });
});
