import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '../src/index';
import { endpoint, fillPath, pathParams, pathTo, type EndpointSpec } from '../src/endpoint';
import { endpointDeclarations } from './fixtures/endpoint-declarations';

/** The problems of one declaration's path parameters against its `params` schema; none when they agree. */
function paramsMismatch(spec: EndpointSpec): string[] {
  const inPath = pathParams(spec.path).sort();
  const declared = spec.params === undefined ? [] : Object.keys(spec.params.shape).sort();
  return [
    ...inPath.filter((name) => !declared.includes(name)).map((name) => `:${name} is not in params`),
    ...declared.filter((name) => !inPath.includes(name)).map((name) => `params.${name} is not in the path`),
    ...(spec.params !== undefined && inPath.length === 0 ? ['params declared for a path without parameters'] : []),
  ];
}

describe('path parameters', () => {
  const all = endpointDeclarations();

  it('collects the declarations, those with path parameters among them', () => {
    // A broken collector would pass vacuously.
    expect(all.length).toBeGreaterThan(80);
    expect(all.filter(([, spec]) => pathParams(spec.path).length > 0).length).toBeGreaterThanOrEqual(10);
  });

  it('declares every :name of every path in its params schema, and nothing else', () => {
    const wrong = all.flatMap(([name, spec]) => paramsMismatch(spec).map((problem) => `${name} ${spec.path}: ${problem}`));
    expect(wrong).toEqual([]);
  });

  it('finds a path parameter the schema lacks, and a schema key the path lacks', () => {
    const lacking = endpoint({ method: 'GET', path: '/api/x/:id/y/:part', auth: 'user', params: z.object({ id: z.uuid() }) });
    expect(paramsMismatch(lacking)).toEqual([':part is not in params']);
    const extra = endpoint({ method: 'GET', path: '/api/x/:id', auth: 'user', params: z.object({ id: z.uuid(), other: z.string() }) });
    expect(paramsMismatch(extra)).toEqual(['params.other is not in the path']);
    // @ts-expect-error: a path with parameters needs its params schema (tsc -p packages/contract checks this line)
    const undeclared = endpoint({ method: 'DELETE', path: '/api/x/:id', auth: 'user' });
    expect(paramsMismatch(undeclared)).toEqual([':id is not in params']);
  });

  it('accepts the values the server handlers accept, and refuses malformed ones', () => {
    const uuid = '0b9e6a43-4c5e-4a8e-9a52-3c1f0a3b7d21';
    const cases: Array<[EndpointSpec, Record<string, string>, boolean]> = [
      [contract.REPORT_ENDPOINTS.model, { chart_id: uuid }, true],
      [contract.REPORT_ENDPOINTS.model, { chart_id: '42' }, false],
      [contract.CLINIC_ENDPOINTS.removeMember, { uuid }, true],
      [contract.CLINIC_ENDPOINTS.removeMember, { uuid: 'not-a-uuid' }, false],
      [contract.ADMIN_ENDPOINTS.approve, { uuid }, true],
      [contract.LEGAL_DOCUMENT_ENDPOINT, { doc: 'terms' }, true],
      [contract.LEGAL_DOCUMENT_ENDPOINT, { doc: 'cookies' }, false],
      [contract.MANUAL_ENDPOINT, { file: 'ceppro-manual-ko.pdf' }, true],
      [contract.MANUAL_ENDPOINT, { file: 'ceppro-manual-ja.pdf' }, false],
      [contract.MANUAL_ENDPOINT, { file: '../package.json' }, false],
    ];
    for (const [spec, params, fits] of cases)
      expect(spec.params?.safeParse(params).success, `${spec.path} ${JSON.stringify(params)}`).toBe(fits);
  });
});

describe('pathTo', () => {
  it('fills each :name with its URI-encoded value', () => {
    expect(pathTo(contract.CLINIC_ENDPOINTS.changeRole, { uuid: 'a b/c' })).toBe('/api/clinic/members/a%20b%2Fc/role');
    expect(pathTo(contract.MANUAL_ENDPOINT, { file: 'ceppro-manual-en.pdf' })).toBe('/manual/ceppro-manual-en.pdf');
    expect(pathTo(contract.MEMBERSHIP_ENDPOINTS.get)).toBe('/api/membership');
  });

  it('throws on a missing value (a call site that escaped the types)', () => {
    expect(() => fillPath('/api/clinic/members/:uuid', {})).toThrow(/no value for :uuid/);
    // @ts-expect-error: the path names :uuid (tsc -p packages/contract checks these lines)
    expect(() => pathTo(contract.CLINIC_ENDPOINTS.removeMember)).toThrow(/no value for :uuid/);
    // @ts-expect-error: `id` is not this path's parameter
    expect(() => pathTo(contract.CLINIC_ENDPOINTS.removeMember, { id: 'x' })).toThrow(/no value for :uuid/);
    // @ts-expect-error: only the manual's languages have a file
    expect(pathTo(contract.MANUAL_ENDPOINT, { file: 'ceppro-manual-ja.pdf' })).toBe('/manual/ceppro-manual-ja.pdf');
  });
});
