import * as contract from '@ceppro/contract';
import { endpoint, fillPath, ok, type EndpointSpec } from '@ceppro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { route } from '../../src/http/endpoint-route';
import { createGraphHarness, type GraphHarness } from '../graphql/graph-harness';

/**
 * Path parameters are checked against the declaration's `params` schema before a handler runs (issue 29
 * item 2): a malformed one answers VALIDATION_FAILED (400) with the parameter as its field, or NOT_FOUND
 * where the declaration says so; never a 500, and the handler gets the parsed values.
 */
const PROBE = endpoint({
  method: 'GET',
  path: '/test/probe/:id/:n',
  auth: 'public',
  params: z.object({ id: z.uuid(), n: z.enum(['one', 'two']) }),
  request: z.object({ q: z.string().optional() }),
});
const PROBE_404 = endpoint({
  method: 'GET',
  path: '/test/probe-404/:id',
  auth: 'public',
  params: z.object({ id: z.uuid() }),
  paramsRefusal: 'NOT_FOUND',
});

const UUID = '0b9e6a43-4c5e-4a8e-9a52-3c1f0a3b7d21';
interface Answer {
  success: boolean;
  code?: string;
  field?: string;
  data?: unknown;
}

let t: GraphHarness;
let token: string;
const seen: unknown[] = [];

beforeAll(async () => {
  t = await createGraphHarness(
    {},
    {
      routes: (app) => {
        route(app, PROBE, (query, _request, _reply, params) => {
          seen.push(params);
          return ok({ params, query });
        });
        route(app, PROBE_404, (_input, _request, _reply, params) => ok(params));
      },
    },
  );
  token = await t.signIn('params');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function get(url: string, method: EndpointSpec['method'] = 'GET', payload?: unknown) {
  const reply = await t.h.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...(payload !== undefined && { 'content-type': 'application/json' }) },
    ...(payload !== undefined && { payload: JSON.stringify(payload) }),
  });
  return { status: reply.statusCode, body: reply.json<Answer>() };
}

describe('path parameters through route()', () => {
  it('hands the handler the parsed parameters', async () => {
    const reply = await get(`/test/probe/${UUID}/two?q=x`);
    expect(reply).toEqual({ status: 200, body: { success: true, data: { params: { id: UUID, n: 'two' }, query: { q: 'x' } } } });
  });

  it('answers VALIDATION_FAILED with the parameter as field, before the handler runs', async () => {
    const before = seen.length;
    expect(await get('/test/probe/not-a-uuid/one')).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', field: 'id' } });
    expect(await get(`/test/probe/${UUID}/three`)).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', field: 'n' } });
    expect(seen.length).toBe(before);
  });

  it('answers NOT_FOUND where the declaration says a malformed parameter names nothing', async () => {
    expect(await get('/test/probe-404/42')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(await get(`/test/probe-404/${UUID}`)).toMatchObject({ status: 200, body: { data: { id: UUID } } });
  });
});

describe('the product endpoints with path parameters', () => {
  const malformed: Array<[EndpointSpec, Record<string, string>, unknown, number, string]> = [
    [contract.REPORT_ENDPOINTS.model, { chart_id: '42' }, undefined, 400, 'VALIDATION_FAILED'],
    [contract.CONSULTATION_ENDPOINTS.model, { chart_id: 'x' }, undefined, 400, 'VALIDATION_FAILED'],
    [contract.CLINIC_ENDPOINTS.revokeInvitation, { id: '1' }, undefined, 400, 'VALIDATION_FAILED'],
    [contract.CLINIC_ENDPOINTS.changeRole, { uuid: 'nobody' }, { role: 'member' }, 400, 'VALIDATION_FAILED'],
    [contract.CLINIC_ENDPOINTS.removeMember, { uuid: 'nobody' }, undefined, 400, 'VALIDATION_FAILED'],
    [contract.MEMBERSHIP_ENDPOINTS.invoicePdf, { id: 'INV-1' }, undefined, 404, 'NOT_FOUND'],
    [contract.LEGAL_DOCUMENT_ENDPOINT, { doc: 'cookies' }, undefined, 404, 'NOT_FOUND'],
    [contract.MANUAL_ENDPOINT, { file: 'ceppro-manual-xx.pdf' }, undefined, 404, 'NOT_FOUND'],
  ];

  it.each(malformed)('%#: %o %o answers its stable code, never a 500', async (spec, params, payload, status, code) => {
    const reply = await get(fillPath(spec.path, params), spec.method, payload);
    expect([reply.status, reply.body.code], `${spec.method} ${spec.path}`).toEqual([status, code]);
    if (code === 'VALIDATION_FAILED') expect(reply.body.field).toBe(Object.keys(params)[0]);
  });
});
