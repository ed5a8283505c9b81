import { endpoint } from '@ceppro/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../src/lib/api/api-error.ts';
import { graphql } from '../src/lib/api/graphql.ts';
import { createHttpClient, type Alert } from '../src/lib/api/http-client.ts';

/**
 * A lost response is not a request that never arrived: the server may have done the work. A fake
 * server that handles every request but drops the first answer on the way back shows whether the
 * client repeats work it must not repeat (two patients from one click on Save).
 */
function lossyServer() {
  const seen: Array<{ path: string; body: string }> = [];
  let patients = 0;
  let dropped = false;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const path = String(input);
    const body = String(init?.body ?? '');
    seen.push({ path, body });
    let answer: unknown = { success: true, data: 'ok' };
    if (path === '/graphql') {
      const { query } = JSON.parse(body) as { query: string };
      if (query.includes('create_patient')) {
        patients += 1;
        answer = { data: { create_patient: { id: patients } } };
      } else {
        answer = { data: { patients: { pagination: { total: patients } } } };
      }
    }
    if (!dropped) {
      dropped = true;
      throw new TypeError('Failed to fetch');
    }
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const alerts: Alert[] = [];
  const client = createHttpClient({
    fetch,
    tokens: { token: () => 't', setToken: () => undefined, clear: () => undefined },
    alert: async (kind) => {
      alerts.push(kind);
    },
    goHome: () => undefined,
    reload: () => undefined,
    sleep: async () => undefined,
    random: () => 0.5,
  });
  return { client, seen, alerts, patients: () => patients };
}

const CREATE = 'mutation($i: CreatePatientInput!) { create_patient(input: $i) { id } }';

describe('network retries repeat only what is safe to repeat', () => {
  it('a create_patient whose answer is lost reaches the server exactly once and reports Network Error', async () => {
    const s = lossyServer();
    const error = await graphql(CREATE, { i: { first_name: 'Kim', birth_info: '1990-01-01', gender: false } }, s.client).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('NETWORK');
    expect(s.patients()).toBe(1);
    expect(s.seen).toHaveLength(1);
    expect(s.alerts).toEqual(['network']);
  });

  it('a GraphQL query is still retried after a lost answer', async () => {
    const s = lossyServer();
    const data = await graphql<{ patients: { pagination: { total: number } } }>(
      'query { patients { pagination { total } } }',
      {},
      s.client,
    );
    expect(data.patients.pagination.total).toBe(0);
    expect(s.seen).toHaveLength(2);
    expect(s.alerts).toEqual([]);
  });

  it('a REST POST is not retried unless its declaration says idempotent; GET is', async () => {
    const write = lossyServer();
    const update = endpoint({ method: 'POST', path: '/api/update-user/userinfo', auth: 'user', request: z.object({ name: z.string() }) });
    await expect(write.client.call(update, { name: 'x' })).rejects.toMatchObject({ code: 'NETWORK' });
    expect(write.seen).toHaveLength(1);

    const read = lossyServer();
    expect(await read.client.call(endpoint({ method: 'POST', path: '/minio/download', auth: 'user', idempotent: true }))).toBe('ok');
    expect(read.seen).toHaveLength(2);

    const get = lossyServer();
    expect(await get.client.call(endpoint({ method: 'GET', path: '/api/model-card', auth: 'user' }))).toBe('ok');
    expect(get.seen).toHaveLength(2);
  });
});
