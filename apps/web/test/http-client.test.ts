import { endpoint, GRAPHQL_ENDPOINTS } from '@ceppro/contract';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../src/lib/api/api-error.ts';
import { createHttpClient, type Alert } from '../src/lib/api/http-client.ts';
import { retryDelayMs } from '../src/lib/api/retry.ts';
import type { TokenStore } from '../src/lib/api/token-store.ts';

type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | 'network' | 'hang';

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** A fake server: answers by path from a queue of replies, recording every request. */
function setup(routes: Record<string, Reply[]>, tokens = { token: 'old' }) {
  const calls: Array<{
    path: string;
    method: string | undefined;
    auth: string | null;
    body: string;
    credentials?: RequestCredentials | undefined;
  }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const headers = new Headers(init?.headers);
    calls.push({
      path,
      method: init?.method,
      auth: headers.get('Authorization'),
      body: init?.body instanceof URLSearchParams ? init.body.toString() : String(init?.body ?? ''),
      credentials: init?.credentials,
    });
    const queue = routes[path] ?? [];
    const reply = queue.length > 1 ? queue.shift() : queue[0];
    if (reply === undefined) return json(404, { success: false, code: 'NOT_FOUND', message: 'Not found.' });
    if (reply === 'network') throw new TypeError('Failed to fetch');
    if (reply === 'hang') {
      return new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }
    return json(reply.status, reply.body, reply.headers);
  });
  const state = { ...tokens, cleared: false };
  const store: TokenStore = {
    token: () => state.token,
    setToken: (t) => {
      state.token = t;
    },
    clear: () => {
      state.token = '';
      state.cleared = true;
    },
  };
  const alerts: Alert[] = [];
  const nav = { home: 0, reload: 0 };
  const sleeps: number[] = [];
  const client = createHttpClient({
    fetch,
    tokens: store,
    alert: async (kind) => {
      alerts.push(kind);
    },
    goHome: () => (nav.home += 1),
    reload: () => (nav.reload += 1),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    timeoutMs: 50,
  });
  return { client, calls, state, alerts, nav, sleeps, fetch };
}

/** A signed-in POST without input, a public form POST, a signed-in JSON POST, an idempotent POST. */
const userPost = (path: string) => endpoint({ method: 'POST', path, auth: 'user' });
const publicForm = (path: string) => endpoint({ method: 'POST', path, auth: 'public', body: 'form' });
const chartPost = (path: string) => endpoint({ method: 'POST', path, auth: 'user', request: z.object({ chart_id: z.string() }) });
const readPost = (path: string) => endpoint({ method: 'POST', path, auth: 'user', idempotent: true });

const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });
const fail = (status: number, code: string) => ({ status, body: { success: false, code, message: code } });

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('http client', () => {
  it('quiet calls refresh an expired token and retry, but never alert, redirect or reload', async () => {
    const { client, calls, alerts, nav } = setup({
      '/api/discard-upload': [fail(401, 'J002'), ok({ chart_data: 1 })],
      '/api/refresh-token': [ok({ token: 'new' })],
      '/api/gone': [fail(404, 'NOT_FOUND')],
      '/api/broken': [fail(500, 'INTERNAL')],
    });
    expect(await client.call(chartPost('/api/discard-upload'), { chart_id: 'c' }, { quiet: true })).toEqual({ chart_data: 1 });
    expect(calls.map((c) => c.path)).toEqual(['/api/discard-upload', '/api/refresh-token', '/api/discard-upload']);
    expect(calls[2]?.auth).toBe('Bearer new');
    expect((await rejection(client.call(userPost('/api/gone'), undefined, { quiet: true }))).code).toBe('NOT_FOUND');
    expect((await rejection(client.call(userPost('/api/broken'), undefined, { quiet: true }))).status).toBe(500);
    expect(alerts).toEqual([]);
    expect(nav).toEqual({ home: 0, reload: 0 });
  });

  it('GraphQL-style raw answers come back as they are; failures still go through the interceptor', async () => {
    const { client } = setup({ '/graphql': [{ status: 200, body: { data: { x: 1 } } }] });
    expect(await client.call(GRAPHQL_ENDPOINTS.query, { query: '{x}' })).toEqual({ data: { x: 1 } });
  });

  it('returns data, form-encodes fields and sends the bearer token on authenticated calls', async () => {
    const { client, calls } = setup({ '/api/check': [ok({ fine: true })], '/public/login': [ok({ token: 't' })] });
    expect(await client.call(userPost('/api/check'))).toEqual({ fine: true });
    await client.call(publicForm('/public/login'), { email: 'a@b.c', password: 'cA==', skip: undefined });
    expect(calls[0]).toMatchObject({ path: '/api/check', auth: 'Bearer old' });
    expect(calls[1]).toMatchObject({ path: '/public/login', auth: null, body: 'email=a%40b.c&password=cA%3D%3D' });
  });

  it('on J002 refreshes once and retries with the new token', async () => {
    const { client, calls, state } = setup({
      '/api/check': [fail(401, 'J002'), ok('again')],
      '/api/refresh-token': [ok({ token: 'new' })],
    });
    expect(await client.call(userPost('/api/check'))).toBe('again');
    expect(calls.map((c) => c.path)).toEqual(['/api/check', '/api/refresh-token', '/api/check']);
    // The refresh token is the server's HttpOnly cookie: the client posts nothing it could read.
    expect(calls[1]).toMatchObject({ body: '', auth: null, credentials: 'same-origin' });
    expect(calls[2]?.auth).toBe('Bearer new');
    expect(state).toMatchObject({ token: 'new' });
  });

  it('a plain HTTP 401 of a signed-in call also refreshes', async () => {
    const { client } = setup({
      '/api/x': [{ status: 401, body: 'nope' }, ok(1)],
      '/api/refresh-token': [ok({ token: 'new' })],
    });
    expect(await client.call(userPost('/api/x'))).toBe(1);
  });

  it('concurrent expired requests share one refresh (single flight)', async () => {
    const { client, calls } = setup({
      '/api/a': [fail(401, 'J002'), ok('a')],
      '/api/b': [fail(401, 'J002'), ok('b')],
      '/api/c': [fail(401, 'J002'), ok('c')],
      '/api/refresh-token': [ok({ token: 'new' })],
    });
    const results = await Promise.all(['/api/a', '/api/b', '/api/c'].map((p) => client.call(userPost(p))));
    expect(results).toEqual(['a', 'b', 'c']);
    expect(calls.filter((c) => c.path === '/api/refresh-token')).toHaveLength(1);
    expect(calls.filter((c) => c.path !== '/api/refresh-token' && c.auth === 'Bearer new')).toHaveLength(3);
  });

  it('a failed refresh clears the cookies and goes home', async () => {
    const { client, state, nav } = setup({
      '/api/check': [fail(401, 'J002')],
      '/api/refresh-token': [fail(401, 'J001')],
    });
    const error = await rejection(client.call(userPost('/api/check')));
    expect(error.handled).toBe(true);
    expect(state.cleared).toBe(true);
    expect(nav.home).toBe(1);
  });

  it('refreshes only once: still expired after the retry -> signed out', async () => {
    const { client, calls, nav } = setup({
      '/api/check': [fail(401, 'J002')],
      '/api/refresh-token': [ok({ token: 'new' })],
    });
    await rejection(client.call(userPost('/api/check')));
    expect(calls.filter((c) => c.path === '/api/refresh-token')).toHaveLength(1);
    expect(nav.home).toBe(1);
  });

  it('J005: alert Duplicate Login, clear cookies, reload', async () => {
    const { client, alerts, state, nav } = setup({ '/api/check': [fail(401, 'J005')] });
    const error = await rejection(client.call(userPost('/api/check')));
    expect([error.code, error.handled]).toEqual(['J005', true]);
    expect(alerts).toEqual(['duplicateLogin']);
    expect(state.cleared).toBe(true);
    expect(nav.reload).toBe(1);
  });

  it('J005 can be passed through to a caller that handles it (the login check)', async () => {
    const { client, alerts, nav } = setup({ '/api/check': [fail(401, 'J005')] });
    const error = await rejection(client.call(userPost('/api/check'), undefined, { passThrough: ['J005'] }));
    expect([error.code, error.handled]).toEqual(['J005', false]);
    expect(alerts).toEqual([]);
    expect(nav.reload).toBe(0);
  });

  it('K024: alert Expired Account, clear cookies, go home', async () => {
    const { client, alerts, state, nav } = setup({ '/api/check': [fail(403, 'K024')] });
    await rejection(client.call(userPost('/api/check')));
    expect(alerts).toEqual(['expiredAccount']);
    expect(state.cleared).toBe(true);
    expect(nav.home).toBe(1);
  });

  it.each(['J001', 'C001', 'C002', 'M003', 'M005', 'K006', 'K007', 'K013', 'K016', 'K017', 'K022'])(
    'silent code %s goes to the caller without alert or console output',
    async (code) => {
      const warn = vi.spyOn(console, 'warn');
      const error_ = vi.spyOn(console, 'error');
      const { client, alerts, nav } = setup(
        { '/public/login': [fail(code === 'M003' || code === 'C001' ? 404 : 400, code)] },
        { token: '' },
      );
      const error = await rejection(client.call(publicForm('/public/login'), {}));
      expect([error.code, error.handled]).toEqual([code, false]);
      expect(alerts).toEqual([]);
      expect(nav).toEqual({ home: 0, reload: 0 });
      expect(warn).not.toHaveBeenCalled();
      expect(error_).not.toHaveBeenCalled();
      warn.mockRestore();
      error_.mockRestore();
    },
  );

  it('K006 on login does not try to refresh even with a refresh token', async () => {
    const { client, calls } = setup({ '/public/login': [fail(401, 'K006')] });
    await rejection(client.call(publicForm('/public/login'), {}));
    expect(calls).toHaveLength(1);
  });

  it('429 AI_BUSY carries Retry-After to the caller, without an alert or a retry', async () => {
    const { client, calls, alerts } = setup({
      '/ai/ceppro/ceph-landmark': [
        { status: 429, body: { success: false, code: 'AI_BUSY', message: 'busy' }, headers: { 'retry-after': '12' } },
      ],
    });
    const error = await rejection(client.call(chartPost('/ai/ceppro/ceph-landmark'), { chart_id: 'c1' }));
    expect({ code: error.code, status: error.status, retryAfterS: error.retryAfterS, handled: error.handled }).toEqual({
      code: 'AI_BUSY',
      status: 429,
      retryAfterS: 12,
      handled: false,
    });
    expect(calls).toHaveLength(1);
    expect(alerts).toEqual([]);
  });

  it('HTTP 404 and 500 alert', async () => {
    const { client, alerts } = setup({ '/api/x': [{ status: 500, body: 'boom' }] });
    expect((await rejection(client.call(userPost('/api/nope')))).handled).toBe(true);
    expect((await rejection(client.call(userPost('/api/x')))).handled).toBe(true);
    expect(alerts).toEqual(['notFound', 'serverError']);
  });

  it('a request running past the time-out alerts "time expired" and is not retried', async () => {
    const { client, alerts, calls } = setup({ '/api/slow': ['hang'] });
    const error = await rejection(client.call(userPost('/api/slow')));
    expect(error.code).toBe('TIMEOUT');
    expect(alerts).toEqual(['timeout']);
    expect(calls).toHaveLength(1);
  });

  it('network errors of an idempotent call are retried up to 3 attempts, then alert Network Error', async () => {
    const { client, alerts, calls, sleeps } = setup({ '/api/x': ['network'] });
    const error = await rejection(client.call(readPost('/api/x')));
    expect(error.code).toBe('NETWORK');
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([1000, 2000]);
    expect(alerts).toEqual(['network']);
  });

  it('PUT sends its JSON body, DELETE none; both are retried after a lost answer like GET', async () => {
    const { client, calls, alerts } = setup({ '/api/ai/adaptation': ['network', ok({ enabled: false }), 'network', ok({ films: 0 })] });
    expect(
      await client.call(
        endpoint({ method: 'PUT', path: '/api/ai/adaptation', auth: 'user', request: z.object({ enabled: z.boolean() }) }),
        { enabled: false },
      ),
    ).toEqual({ enabled: false });
    expect(await client.call(endpoint({ method: 'DELETE', path: '/api/ai/adaptation', auth: 'user' }))).toEqual({ films: 0 });
    expect(calls.map((c) => [c.method, c.body])).toEqual([
      ['PUT', '{"enabled":false}'],
      ['PUT', '{"enabled":false}'],
      ['DELETE', ''],
      ['DELETE', ''],
    ]);
    expect(calls[0]?.auth).toBe('Bearer old');
    expect(alerts).toEqual([]);
  });

  it('a network error followed by success returns the data', async () => {
    const { client, alerts } = setup({ '/api/x': ['network', ok(7)] });
    expect(await client.call(readPost('/api/x'))).toBe(7);
    expect(alerts).toEqual([]);
  });
});

describe('retryDelayMs', () => {
  it.each([
    [1, 0, 800],
    [1, 0.5, 1000],
    [1, 0.999, 1200],
    [2, 0, 1600],
    [2, 0.5, 2000],
    [2, 0.999, 2000],
    [5, 0.5, 2000],
  ])('attempt %d, random %d -> %d ms', (attempt, random, expected) => {
    expect(retryDelayMs(attempt, random)).toBe(expected);
  });
});
