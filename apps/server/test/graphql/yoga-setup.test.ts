import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphHarness, type GraphHarness } from './graph-harness';

/**
 * The graph endpoint answers cross-origin callers as every other route does: by the server's CORS
 * policy (CORS_ORIGINS, http/security-headers.ts), not by Yoga's default, which echoed any Origin
 * with credentials allowed.
 */
let g: GraphHarness;
let token: string;

const LIST = JSON.stringify({ query: '{ patients { pagination { total } } }' });

beforeAll(async () => {
  g = await createGraphHarness({ CORS_ORIGINS: 'https://partner.example' });
  token = await g.signIn('yoga');
});
afterAll(async () => {
  await g?.close();
});

async function listFrom(origin: string) {
  return g.h.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, origin },
    payload: LIST,
  });
}

describe('CORS on the graph endpoint', () => {
  it('gives an unlisted origin no allow-origin header', async () => {
    const reply = await listFrom('https://evil.example');
    expect(reply.statusCode).toBe(200);
    expect(JSON.parse(reply.body)).toEqual({ data: { patients: { pagination: { total: 0 } } } });
    expect(reply.headers['access-control-allow-origin']).toBeUndefined();
    expect(reply.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('allows a configured origin, without credentials mode (sign-in is a bearer header)', async () => {
    const reply = await listFrom('https://partner.example');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['access-control-allow-origin']).toBe('https://partner.example');
    expect(reply.headers['access-control-allow-credentials']).toBeUndefined();
  });
});
