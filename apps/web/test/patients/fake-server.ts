import type { Patient } from '@ceppro/contract';
import { vi } from 'vitest';

/**
 * A fake API for the patient screens: answers GraphQL operations by their name and the REST
 * thumbnail call, and records what was asked. Nothing outside the product is real here, but the
 * bodies are the ones the server sends (envelope for REST, `{ data }` for GraphQL).
 */
export interface GraphCall {
  operation: string;
  variables: Record<string, unknown>;
}

type Reply = { status: number; body: unknown };
type GraphHandler = (variables: Record<string, unknown>) => unknown;
/** A whole HTTP answer instead of `{ data }` (errors). */
type RawReply = { raw: Reply };

export interface FakeServer {
  graphCalls: GraphCall[];
  restCalls: Array<{ path: string; body: unknown; method: string }>;
  /** Sets the `data` (a value or a function of the variables) or a raw reply for one operation. */
  on: (operation: string, handler: GraphHandler | RawReply | object) => void;
  /** Sets the envelope `data` answered for a REST path (a function of the JSON body and the HTTP method). */
  onRest: (path: string, handler: (body: unknown, method: string) => unknown) => void;
}

export function fakeServer(): FakeServer {
  const handlers = new Map<string, GraphHandler | RawReply | object>();
  const rest = new Map<string, (body: unknown, method: string) => unknown>();
  const server: FakeServer = {
    graphCalls: [],
    restCalls: [],
    on: (operation, handler) => handlers.set(operation, handler),
    onRest: (path, handler) => rest.set(path, handler),
  };
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
    if (path === '/graphql') {
      const { query, variables } = body as { query: string; variables: Record<string, unknown> };
      const operation = /(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? '';
      server.graphCalls.push({ operation, variables });
      const handler = handlers.get(operation);
      if (handler === undefined)
        return json({
          status: 200,
          body: { data: null, errors: [{ message: `no fake for ${operation}`, extensions: { code: 'INTERNAL' } }] },
        });
      if (typeof handler === 'function') return json({ status: 200, body: { data: (handler as GraphHandler)(variables) } });
      if ('raw' in handler) return json((handler as RawReply).raw);
      return json({ status: 200, body: { data: handler } });
    }
    const method = init?.method ?? 'GET';
    server.restCalls.push({ path, body, method });
    const restHandler = rest.get(path);
    if (restHandler !== undefined) return json({ status: 200, body: { success: true, data: restHandler(body, method) } });
    if (path === '/minio/download') return json({ status: 200, body: { success: true, data: [] } });
    return json({ status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found.' } });
  });
  vi.stubGlobal('fetch', fetch);
  window.fetch = fetch;
  return server;
}

function json(reply: Reply): Response {
  return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
}

export function patient(id: number, overrides: Partial<Patient> = {}): Patient {
  return {
    id,
    patient_id: String(id),
    first_name: `Patient ${id}`,
    birth_info: '1990-05-10',
    gender: false,
    createdAt: '2024-01-01T00:00:00.000Z',
    charts: [
      {
        id: id * 10,
        uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
        chart_id: `10000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
        createdAt: '2024-01-02T00:00:00.000Z',
        chart_data: [{ image_type_cd: '00700', shoot_date: '2024-01-02' }],
      },
    ],
    ...overrides,
  };
}

export function page(items: Patient[], total = items.length, pageNumber = 0) {
  return { patients: { items, pagination: { page: pageNumber, page_size: 10, total } } };
}

export const tutorialUser = (tutorial: boolean) => ({
  users: [{ uuid: '0b5f8a52-6f43-4d5e-9a55-6d2f3c1f7b10', first_name: 'Minji', user_permission: { version: 1, tutorial } }],
});

export function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

export function signIn() {
  document.cookie = 'token=t1; path=/';
  document.cookie = `i=${encodeURIComponent(JSON.stringify({ email: 'kim@example.com', first_name: 'Minji' }))}; path=/`;
}
