import { ok } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors/app-error';
import { requireUser } from '../../src/http/require-user';
import type { UserBudget } from '../../src/http/user-budget';
import { createGraphHarness, type GraphHarness } from '../graphql/graph-harness';

/**
 * The per-user request budget through the real app: the bearer checks take a slot, the handler holds
 * it, and it comes back on every way a request can end. USER_MAX_IN_FLIGHT is 8 here; a route of the
 * test's own holds its requests until the test lets them go.
 */
const IN_FLIGHT = 8;
let g: GraphHarness;
let budget: UserBudget;
let entered = 0;
let release: () => void = () => undefined;
let gate = Promise.resolve();

function closeGate(): void {
  gate = new Promise<void>((resolve) => (release = resolve));
}

function testRoutes(app: FastifyInstance): void {
  app.post('/api/test/hold', async () => {
    entered += 1;
    await gate;
    return ok({ held: true });
  });
  app.post('/api/test/fail', async () => {
    throw new AppError('CONFLICT');
  });
  app.post('/api/test/crash', async () => {
    throw new Error('handler bug');
  });
  app.get('/api/test/me', async (request) => ok({ id: requireUser(request).userId }));
}

beforeAll(async () => {
  g = await createGraphHarness({ USER_MAX_IN_FLIGHT: String(IN_FLIGHT), USER_MAX_PER_MINUTE: '100000' }, { routes: testRoutes });
  const installed = g.h.app.userBudget;
  if (!installed) throw new Error('the app has no user budget');
  budget = installed;
}, 120_000);
afterAll(async () => {
  release();
  await g?.close();
});

async function userId(token: string): Promise<number> {
  const reply = await g.h.app.inject({ method: 'GET', url: '/api/test/me', headers: { authorization: `Bearer ${token}` } });
  return Number((reply.json() as { data: { id: number } }).data.id);
}

const hold = (token: string) =>
  g.h.app.inject({
    method: 'POST',
    url: '/api/test/hold',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: '{}',
  });

/** Lets pending I/O callbacks run until `done` holds (no timers: the server side of a socket, a settled handler). */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 10_000 && !done(); i++) await new Promise((resolve) => setImmediate(resolve));
  expect(done()).toBe(true);
}

describe('per-user request budget over HTTP', () => {
  it('answers 100 parallel requests of one user beyond the budget 429 RATE_LIMITED with Retry-After; another user is served', async () => {
    const a = await g.signIn('flooder');
    const b = await g.signIn('neighbour');
    const aId = await userId(a);
    closeGate();
    entered = 0;
    const answers: Array<{ status: number; code: unknown; retryAfter: unknown }> = [];
    const flood = Array.from({ length: 100 }, () =>
      hold(a).then((reply) => {
        answers.push({
          status: reply.statusCode,
          code: (reply.json() as { code?: unknown }).code,
          retryAfter: reply.headers['retry-after'],
        });
      }),
    );
    // A's requests beyond the budget are answered at once, while A's first ones are still held.
    await until(() => entered === IN_FLIGHT && answers.length === 100 - IN_FLIGHT);
    for (const answer of answers) {
      expect(answer).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
    }
    expect(budget.inFlightOf(aId)).toBe(IN_FLIGHT);

    // B, and B's GraphQL, are not held back by A.
    const list = await g.gql(b, '{ patients(page: 0) { items { id } pagination { total } } }');
    expect(list.status, list.raw).toBe(200);
    expect(list.body.errors).toBeUndefined();
    // A's GraphQL is refused the same way (the graph route's own bearer check).
    const refusedGraph = await g.gql(a, '{ users { uuid } }');
    expect([refusedGraph.status, refusedGraph.body.code]).toEqual([429, 'RATE_LIMITED']);

    release();
    await Promise.all(flood);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(IN_FLIGHT);
    await until(() => budget.inFlightOf(aId) === 0);
    expect((await hold(a)).statusCode).toBe(200);
  });

  it('gives the slot back when the handler fails, crashes, or the body is refused before the handler runs', async () => {
    const a = await g.signIn('failing');
    const aId = await userId(a);
    const headers = { authorization: `Bearer ${a}`, 'content-type': 'application/json' };
    for (let i = 0; i < IN_FLIGHT * 2; i++) {
      const failed = await g.h.app.inject({ method: 'POST', url: '/api/test/fail', headers, payload: '{}' });
      expect(failed.statusCode).toBe(409);
      const crashed = await g.h.app.inject({ method: 'POST', url: '/api/test/crash', headers, payload: '{}' });
      expect(crashed.statusCode).toBe(500);
      const badJson = await g.h.app.inject({ method: 'POST', url: '/api/test/hold', headers, payload: '{"unterminated' });
      expect(badJson.statusCode).toBe(400);
    }
    await until(() => budget.inFlightOf(aId) === 0);
  });

  it('keeps the slot of a request whose client left while its handler runs, and gives it back when the handler ends', async () => {
    const a = await g.signIn('leaver');
    const aId = await userId(a);
    await g.h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = g.h.app.server.address() as AddressInfo;
    const send = (body: string, length: number) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/test/hold',
        headers: { authorization: `Bearer ${a}`, 'content-type': 'application/json', 'content-length': length },
      });
      req.on('error', () => undefined);
      req.write(body);
      return req;
    };

    // Left while the handler runs: the work still counts until it ends.
    closeGate();
    entered = 0;
    const running = send('{}', 2);
    running.end();
    await until(() => entered === 1);
    running.destroy();
    await until(() => running.socket?.destroyed !== false);
    for (let i = 0; i < 50; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(budget.inFlightOf(aId)).toBe(1);
    release();
    await until(() => budget.inFlightOf(aId) === 0);

    // Left before its body arrived: admitted (the check runs before the body), never handled, given back.
    const partial = send('{"a":', 100);
    await until(() => budget.inFlightOf(aId) === 1);
    partial.destroy();
    await until(() => budget.inFlightOf(aId) === 0);
    expect(entered).toBe(1);
  });
});
