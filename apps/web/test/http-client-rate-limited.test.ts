import { endpoint, GRAPHQL_ENDPOINTS } from '@ceppro/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/lib/api/api-error.ts';
import { createHttpClient } from '../src/lib/api/http-client.ts';

/**
 * RATE_LIMITED (HTTP 429 with Retry-After, the server's per-user budget): the interceptor tells the
 * user how long to wait without blocking; a read (GET, a GraphQL query) is sent again after the
 * Retry-After, at most twice and only for waits up to 30 s; a write (a GraphQL mutation, a POST)
 * is never repeated.
 */

const limited = (retryAfter: string | null) =>
  new Response(JSON.stringify({ success: false, code: 'RATE_LIMITED', message: 'Too many requests. Try again in 3 s.' }), {
    status: 429,
    headers: { 'content-type': 'application/json', ...(retryAfter === null ? {} : { 'retry-after': retryAfter }) },
  });
const ok = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data }), { status: 200, headers: { 'content-type': 'application/json' } });

function client(replies: Response[]) {
  const notices: Array<[number, boolean]> = [];
  const alerts: string[] = [];
  const sleeps: number[] = [];
  const fetch = vi.fn(async () => replies.shift() ?? ok('late'));
  const http = createHttpClient({
    fetch,
    tokens: { token: () => 't', setToken: () => {}, clear: () => {} },
    alert: async (kind) => void alerts.push(kind),
    goHome: () => {},
    reload: () => {},
    sleep: async (ms) => void sleeps.push(ms),
    rateLimited: (seconds, retrying) => void notices.push([seconds, retrying]),
  });
  return { http, notices, alerts, sleeps, fetch };
}

const read = (path: string) => endpoint({ method: 'GET', path, auth: 'user' });

describe('RATE_LIMITED in the HTTP client', () => {
  it('sends a read again after the Retry-After, saying so, and returns its answer', async () => {
    const { http, notices, alerts, sleeps, fetch } = client([limited('4'), ok({ patients: 2 })]);
    expect(await http.call(read('/api/patients'))).toEqual({ patients: 2 });
    expect(sleeps).toEqual([4000]);
    expect(notices).toEqual([[4, true]]);
    expect(alerts).toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('gives a read up after two retries with a handled error that carries the seconds', async () => {
    const { http, notices, sleeps, fetch } = client([limited('2'), limited('3'), limited('7')]);
    const error = await http.call(GRAPHQL_ENDPOINTS.query, { query: '{ patients { total } }' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'RATE_LIMITED', status: 429, handled: true, retryAfterS: 7 });
    expect(sleeps).toEqual([2000, 3000]);
    expect(notices).toEqual([
      [2, true],
      [3, true],
      [7, false],
    ]);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('never repeats a write: it tells the user when to try again and throws', async () => {
    const { http, notices, sleeps, fetch } = client([limited('3')]);
    const mutation = { query: 'mutation { create_patient { uuid } }' };
    await expect(http.call(GRAPHQL_ENDPOINTS.mutation, mutation)).rejects.toMatchObject({ code: 'RATE_LIMITED', handled: true });
    expect(notices).toEqual([[3, false]]);
    expect(sleeps).toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('does not wait on its own for a Retry-After over 30 s; says 5 s when there is none', async () => {
    const long = client([limited('120')]);
    await expect(long.http.call(read('/api/x'))).rejects.toMatchObject({ retryAfterS: 120 });
    expect(long.notices).toEqual([[120, false]]);
    expect(long.sleeps).toEqual([]);
    const none = client([limited(null), ok(1)]);
    expect(await none.http.call(read('/api/x'))).toBe(1);
    expect(none.notices).toEqual([[5, true]]);
    expect(none.sleeps).toEqual([5000]);
  });

  it('leaves a caller that handles RATE_LIMITED itself (passThrough) or a quiet call to do so', async () => {
    const { http, notices, fetch } = client([limited('2'), limited('2')]);
    await expect(http.call(read('/api/x'), undefined, { passThrough: ['RATE_LIMITED'] })).rejects.toMatchObject({ handled: false });
    await expect(http.call(read('/api/y'), undefined, { quiet: true })).rejects.toMatchObject({ code: 'RATE_LIMITED', handled: false });
    expect(notices).toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
