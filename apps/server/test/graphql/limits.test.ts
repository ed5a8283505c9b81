import * as contract from '@ceppro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphHarness, type GraphHarness } from './graph-harness';

/**
 * Hostile documents (black-box probe: 5,000 repeated fields stalled the server for 17 s and made
 * /healthz answer 503) are refused before anything runs, with HTTP 400 and GRAPHQL_LIMIT; every
 * document the web app really sends still passes.
 */
describe('GraphQL document limits', () => {
  let g: GraphHarness;
  let token: string;
  beforeAll(async () => {
    g = await createGraphHarness();
    token = await g.signIn('gqllimits');
  });
  afterAll(async () => {
    await g.close();
  });

  const repeated = (n: number, piece: (i: number) => string) => Array.from({ length: n }, (_, i) => piece(i)).join(' ');
  const patientList =
    `patients { items { id patient_id first_name birth_info gender createdAt ` +
    `charts { id uuid chart_id createdAt chart_data { image_type_cd shoot_date ` +
    `} } } pagination { total } }`;
  // [what, document, which limit refuses it]
  const hostile: Array<[string, string, RegExp]> = [
    ['5,000 repeated fields', `{ users { ${repeated(5_000, () => 'uuid')} } }`, /Token limit/],
    ['1,000 aliases', `{ ${repeated(1_000, (i) => `a${i}: users { uuid }`)} }`, /Token limit/],
    ['16 aliases', `{ ${repeated(16, (i) => `a${i}: users { uuid }`)} }`, /Aliases limit/],
    // The schema has no recursive type; inline fragments nest without one.
    ['deep nesting', `{ users { ${'... on User { '.repeat(30)}uuid${' }'.repeat(30)} } }`, /depth limit/],
    ['many directives', `{ users { ${repeated(25, () => 'uuid @include(if: true)')} } }`, /Directives limit/],
    ['a costly fan-out', `{ ${repeated(14, (i) => `p${i}: ${patientList}`)} }`, /cost/i],
  ];
  it.each(hostile)('refuses %s with HTTP 400 GRAPHQL_LIMIT, unrun, while /healthz stays 200', async (_label, query, limit) => {
    const [reply, health] = await Promise.all([g.gql(token, query), g.h.app.inject({ method: 'GET', url: '/healthz' })]);
    expect(reply.status, reply.raw).toBe(400);
    expect(reply.body.data ?? null).toBeNull();
    expect(reply.body.errors, reply.raw).toEqual([{ message: expect.stringMatching(limit), extensions: { code: 'GRAPHQL_LIMIT' } }]);
    expect(health.statusCode, health.body).toBe(200);
  });

  it('lets every document of the contract through', async () => {
    const isOperation = (value: unknown): value is { document: string } =>
      typeof value === 'object' && value !== null && 'document' in value && typeof value.document === 'string';
    const documents = Object.entries(contract as Record<string, unknown>).flatMap(([name, value]) =>
      isOperation(value) ? [[name, value] as const] : [],
    );
    expect(documents.length).toBeGreaterThan(10);
    for (const [name, operation] of documents) {
      // Without variables most fail variable coercion, which runs after the limits.
      const reply = await g.gql(token, operation.document);
      const codes = (reply.body.errors ?? []).map((e) => e.extensions?.code);
      expect(codes, `${name}: ${reply.raw}`).not.toContain('GRAPHQL_LIMIT');
      expect(reply.status, `${name}: ${reply.raw}`).toBeLessThan(500);
    }
  });

  it('refuses a body over the JSON limit with 413', async () => {
    const query = `{ users { uuid } } # ${'x'.repeat(1_100_000)}`;
    const reply = await g.gql(token, query);
    expect(reply.status).toBe(413);
    expect(reply.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });
});
