import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeAccount, login } from '../auth/auth-harness';
import { ManualClock } from '../support/manual-clock';
import { createGraphHarness, type GraphHarness } from './graph-harness';

/** POST /graphql as a transport: bearer auth with the REST codes, error masking, production switches. */
describe('authentication', () => {
  let g: GraphHarness;
  const clock = new ManualClock();
  beforeAll(async () => {
    // Short-lived access tokens so an expired one can be shown (J002).
    // Development mode (npm run dev): GraphiQL and introspection are on.
    g = await createGraphHarness({ ACCESS_TOKEN_TTL_S: '2', NODE_ENV: 'development' }, { clock });
  });
  afterAll(async () => {
    await g.close();
  });

  it.each([
    ['no header', {}],
    ['a non-bearer scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['a forged token', { authorization: 'Bearer not.a.token' }],
  ])('answers %s with HTTP 401 J001 and runs nothing', async (_label, headers) => {
    const before = await g.h.count('patients');
    const reply = await g.gql(
      null,
      `mutation { create_patient(input: { first_name: "Anon", birth_info: "1990-01-01", gender: true }) { id } }`,
      undefined,
      headers,
    );
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ success: false, code: 'J001', message: expect.any(String) });
    expect(await g.h.count('patients')).toBe(before);
  });

  it('answers an expired token with J002 and an ended session with J005', async () => {
    const person = await activeAccount(g.h, 'gqlauth');
    const first = String((await login(g.h, person)).body.data?.token);
    expect((await g.gql(first, `{ users { uuid } }`)).status).toBe(200);
    // Signing in again ends the first session (duplicate login).
    const second = String((await login(g.h, person)).body.data?.token);
    const kicked = await g.gql(first, `{ users { uuid } }`);
    expect(kicked.status).toBe(401);
    expect(kicked.body.code).toBe('J005');
    clock.advance(3_100);
    const expired = await g.gql(second, `{ users { uuid } }`);
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('J002');
  });

  it('answers a body that is not JSON with 400 BAD_REQUEST', async () => {
    const token = await g.signIn('gqljson');
    const response = await g.h.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      payload: '{"query": ',
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    // JSON without a query is Yoga's to refuse: a GraphQL error with a catalogue code.
    const empty = await g.h.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      payload: '{}',
    });
    expect(empty.statusCode).toBeLessThan(500);
    expect(JSON.parse(empty.body)).toMatchObject({ errors: [{ extensions: { code: 'BAD_REQUEST' } }] });
  });

  it('masks unexpected failures: a generic INTERNAL error without stack or data', async () => {
    const token = await g.signIn('gqlmask');
    await g.ok(token, `mutation { create_patient(input: { first_name: "Masked Name", birth_info: "1990-01-01", gender: true }) { id } }`);
    // Break the table under the repository: the database's error (SQL, column names) must not reach the client.
    const db = g.h.services.database.db;
    await db.execute('alter table patients rename column first_name to first_name_gone');
    try {
      const reply = await g.gql(token, `{ patients { items { first_name } pagination { total } } }`);
      expect(reply.body.errors).toEqual([
        { message: 'An unexpected error occurred.', path: ['patients'], extensions: { code: 'INTERNAL' } },
      ]);
      expect(reply.raw).not.toMatch(/Masked Name|first_name_gone|select|stack|column/);
    } finally {
      await db.execute('alter table patients rename column first_name_gone to first_name');
    }
  });

  it('serves GraphiQL and introspection outside production', async () => {
    const page = await g.h.app.inject({ method: 'GET', url: '/graphql', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('GraphiQL');
    // A GET never executes an operation.
    const get = await g.h.app.inject({ method: 'GET', url: '/graphql?query=%7Busers%7Buuid%7D%7D' });
    expect(get.body).not.toContain('"data"');
    const token = await g.signIn('gqlintro');
    const intro = await g.ok<{ __schema: { queryType: { name: string } } }>(token, `{ __schema { queryType { name } } }`);
    expect(intro.__schema.queryType.name).toBe('Query');
  });
});

describe('production', () => {
  let g: GraphHarness;
  beforeAll(async () => {
    g = await createGraphHarness({ NODE_ENV: 'production' });
  });
  afterAll(async () => {
    await g.close();
  });

  it('refuses introspection and serves no GraphiQL', async () => {
    const token = await g.signIn('gqlprod');
    const intro = await g.gql(token, `{ __schema { types { name } } }`);
    expect(intro.body.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    expect(intro.raw).not.toContain('PatientSortField');
    const page = await g.h.app.inject({ method: 'GET', url: '/graphql', headers: { accept: 'text/html' } });
    expect(page.body).not.toContain('GraphiQL');
    // Ordinary operations still work.
    expect((await g.ok<{ users: unknown[] }>(token, `{ users { uuid } }`)).users).toHaveLength(1);
  });
});
