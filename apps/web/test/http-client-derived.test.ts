import { CLINIC_ENDPOINTS, endpoint, LEGAL_DOCUMENT_ENDPOINT } from '@ceppro/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../src/lib/api/api-error.ts';
import { createHttpClient, type Alert } from '../src/lib/api/http-client.ts';

/**
 * What the typed client derives from an endpoint's declaration (issue 29 item 2): method, path with
 * its parameters, bearer, encoding, repeatability and the parsing of the answer. Each request is
 * recorded as the fake server saw it.
 */
interface Seen {
  url: string;
  method: string | undefined;
  auth: string | null;
  contentType: string | null;
  body: BodyInit | null | undefined;
}

function server(reply: (seen: Seen, n: number) => Response | 'network') {
  const seen: Seen[] = [];
  const alerts: Alert[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const headers = new Headers(init?.headers);
    const one = {
      url: String(input),
      method: init?.method,
      auth: headers.get('Authorization'),
      contentType: headers.get('Content-Type'),
      body: init?.body,
    };
    seen.push(one);
    const answer = reply(one, seen.length);
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return answer;
  };
  const client = createHttpClient({
    fetch,
    tokens: { token: () => 'tok', setToken: () => undefined, clear: () => undefined },
    alert: async (kind) => void alerts.push(kind),
    goHome: () => undefined,
    reload: () => undefined,
    sleep: async () => undefined,
    random: () => 0.5,
  });
  return { client, seen, alerts };
}

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data }), { headers: { 'content-type': 'application/json' } });

describe('the typed client derives the request from the declaration', () => {
  it('a GET with a request schema sends its input as the query string, skipping absent values', async () => {
    const list = endpoint({
      method: 'GET',
      path: '/api/things',
      auth: 'admin',
      request: z.object({ q: z.string().optional(), page: z.number(), gone: z.string().optional() }),
      response: z.object({ total: z.number() }),
    });
    const { client, seen } = server(() => envelope({ total: 3 }));
    const page: { total: number } = await client.call(list, { q: 'kim & lee', page: 2, gone: undefined });
    expect(page).toEqual({ total: 3 });
    expect(seen).toEqual([
      { url: '/api/things?q=kim+%26+lee&page=2', method: 'GET', auth: 'Bearer tok', contentType: null, body: undefined },
    ]);
  });

  it('a public form POST is urlencoded without a bearer; a file among the fields makes it multipart', async () => {
    const signIn = endpoint({
      method: 'POST',
      path: '/public/login',
      auth: 'public',
      body: 'form',
      response: z.object({ token: z.string() }),
    });
    const upload = endpoint({ method: 'POST', path: '/public/license-upload', auth: 'public', body: 'form' });
    const { client, seen } = server(() => envelope({ token: 't' }));
    expect(await client.call(signIn, { email: 'a@b.c', remember: true })).toEqual({ token: 't' });
    await client.call(upload, { file: new Blob(['x'], { type: 'image/png' }) });
    expect(seen[0]).toMatchObject({ method: 'POST', auth: null, contentType: null });
    expect(String(seen[0]?.body)).toBe('email=a%40b.c&remember=true');
    expect(seen[1]?.body).toBeInstanceOf(FormData);
    expect((seen[1]?.body as FormData).get('file')).toBeInstanceOf(Blob);
  });

  it('a JSON PUT fills the :params of its path, URI-encoded, and sends the input as JSON', async () => {
    const role = endpoint({
      method: 'PUT',
      path: '/api/clinic/members/:uuid/role',
      auth: 'user',
      params: z.object({ uuid: z.string() }),
      request: z.object({ role: z.enum(['owner', 'member']) }),
      response: z.object({ ok: z.boolean() }),
    });
    const { client, seen } = server(() => envelope({ ok: true }));
    expect(await client.call(role, { role: 'member' }, { params: { uuid: 'a/b c' } })).toEqual({ ok: true });
    expect(seen[0]).toMatchObject({
      url: '/api/clinic/members/a%2Fb%20c/role',
      method: 'PUT',
      auth: 'Bearer tok',
      contentType: 'application/json',
      body: '{"role":"member"}',
    });
  });

  it("types the :params by the declaration's params schema; a call that escaped the types sends nothing", async () => {
    const { client, seen } = server(() => envelope(null));
    // @ts-expect-error: the path names :uuid, so the options with its value are required
    await expect(client.call(CLINIC_ENDPOINTS.removeMember)).rejects.toThrow(/no value for :uuid/);
    // @ts-expect-error: `id` is not a parameter of this path
    await expect(client.call(CLINIC_ENDPOINTS.removeMember, undefined, { params: { id: 'x' } })).rejects.toThrow(/no value for :uuid/);
    expect(seen).toEqual([]);
    // @ts-expect-error: not one of the legal documents the schema names
    await client.call(LEGAL_DOCUMENT_ENDPOINT, {}, { params: { doc: 'cookies' } }).catch(() => undefined);
    // @ts-expect-error: an endpoint without path parameters takes none
    await client.call(CLINIC_ENDPOINTS.leave, undefined, { params: { uuid: 'x' } }).catch(() => undefined);
    expect(seen.map((one) => one.url)).toEqual(['/public/legal/cookies', '/api/clinic/leave']);
  });

  it('a POST without a request schema sends no body', async () => {
    const leave = endpoint({ method: 'POST', path: '/api/clinic/leave', auth: 'user' });
    const { client, seen } = server(() => envelope(null));
    await client.call(leave);
    expect(seen[0]).toMatchObject({ method: 'POST', contentType: null, body: undefined });
  });

  it('a file answer resolves to a Blob; its failure is still the envelope', async () => {
    const pdf = endpoint({ method: 'POST', path: '/api/report/pdf', auth: 'user', request: z.object({ id: z.string() }), answer: 'file' });
    const { client } = server((_, n) =>
      n === 1
        ? new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } })
        : new Response(JSON.stringify({ success: false, code: 'REPORT_NOT_READY', message: 'no' }), {
            status: 409,
            headers: { 'content-type': 'application/json' },
          }),
    );
    const blob: Blob = await client.call(pdf, { id: 'c1' });
    expect(await blob.text()).toBe('%PDF-1.7');
    await expect(client.call(pdf, { id: 'c1' }, { passThrough: ['REPORT_NOT_READY'] })).rejects.toMatchObject({
      code: 'REPORT_NOT_READY',
      status: 409,
    });
  });

  it('an answer that does not fit the response schema is an ApiError BAD_RESPONSE, not a crash later', async () => {
    const card = endpoint({ method: 'GET', path: '/api/model/card', auth: 'user', response: z.object({ version: z.string() }) });
    const { client, alerts } = server(() => envelope({ version: 7 }));
    const error = await client.call(card).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'BAD_RESPONSE', handled: false });
    expect(alerts).toEqual([]);
  });

  it('a POST is sent once after a network failure; one declared idempotent is sent again', async () => {
    const create = endpoint({ method: 'POST', path: '/api/clinic', auth: 'user', request: z.object({ name: z.string() }) });
    const preview = endpoint({ method: 'POST', path: '/api/clinic/invitations/preview', auth: 'user', idempotent: true });
    const once = server((_, n) => (n === 1 ? 'network' : envelope('late')));
    await expect(once.client.call(create, { name: 'Clinic' })).rejects.toMatchObject({ code: 'NETWORK', handled: true });
    expect(once.seen).toHaveLength(1);
    expect(once.alerts).toEqual(['network']);
    const again = server((_, n) => (n === 1 ? 'network' : envelope('fine')));
    expect(await again.client.call(preview)).toBe('fine');
    expect(again.seen).toHaveLength(2);
    expect(again.alerts).toEqual([]);
  });

  it("a call cancelled by the caller's signal rejects with ABORTED and alerts nothing", async () => {
    const slow = endpoint({ method: 'GET', path: '/api/slow', auth: 'user' });
    const alerts: Alert[] = [];
    const client = createHttpClient({
      fetch: (_input, init) =>
        new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
      tokens: { token: () => 'tok', setToken: () => undefined, clear: () => undefined },
      alert: async (kind) => void alerts.push(kind),
      goHome: () => undefined,
      reload: () => undefined,
    });
    const controller = new AbortController();
    const call = client.call(slow, undefined, { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ code: 'ABORTED', handled: true });
    expect(alerts).toEqual([]);
  });

  it('a raw (GraphQL) answer refused with an HTTP status carries its first error code, not a bare HTTP failure', async () => {
    const graph = endpoint({ method: 'POST', path: '/graphql', auth: 'user', answer: 'raw', request: z.object({ query: z.string() }) });
    const { client } = server(
      () =>
        new Response(JSON.stringify({ errors: [{ message: 'Name the revision.', extensions: { code: 'REVISION_REQUIRED' } }] }), {
          status: 428,
          headers: { 'content-type': 'application/json' },
        }),
    );
    const refused = client.call(graph, { query: 'mutation { x }' });
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ code: 'REVISION_REQUIRED', status: 428 });
  });
});
