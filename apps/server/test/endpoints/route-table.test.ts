import * as contract from '@ceppro/contract';
import { fillPath, type EndpointSpec } from '@ceppro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDITED_ENDPOINTS } from '../../src/features/audit/audit-http-endpoints';
import type { RegisteredRoute } from '../../src/http/endpoint-route';
import { endpointDeclarations } from '../../../../packages/contract/test/fixtures/endpoint-declarations';
import { createTestApp, type TestApp } from '../support/test-app';

/** The REST prefixes whose every route must come from a contract declaration (issue 29 item 2). */
const REST_PATH = /^\/(api|minio|ai|ai_api|public|manual)\//;

const methodsOf = (route: RegisteredRoute) => (Array.isArray(route.method) ? route.method : [route.method]);
const key = (method: string, path: string) => `${method} ${path}`;

describe('the route table', () => {
  let t: TestApp;
  let routes: RegisteredRoute[];
  const declared = endpointDeclarations().map(([, spec]) => spec);

  beforeAll(async () => {
    t = await createTestApp();
    // Fastify's own HEAD twin of each GET is not a registration of ours.
    routes = (t.app.routeTable ?? []).filter((route) => route.method !== 'HEAD');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds the contract declarations', () => {
    // The auth, clinic, admin, file and report tables at least; a broken collector would pass vacuously.
    expect(declared.length).toBeGreaterThan(80);
    expect(declared).toContain(contract.AUTH_ENDPOINTS.refreshToken);
    expect(declared).toContain(contract.AI_ADAPTATION_ENDPOINT.update);
    expect(declared).toContain(contract.MANUAL_ENDPOINT);
  });

  it('registers every REST route from a declaration, with its method and path', () => {
    const rest = routes.filter((route) => REST_PATH.test(route.url));
    expect(rest.length).toBeGreaterThan(80);
    const strays = rest.filter((route) => route.endpoint === undefined).map((route) => key(String(route.method), route.url));
    expect(strays).toEqual([]);
    for (const route of rest) {
      const endpoint = route.endpoint as EndpointSpec;
      expect(declared.includes(endpoint), `${route.url}: its declaration is exported by the contract`).toBe(true);
      expect(route.url).toBe(endpoint.path);
      expect(methodsOf(route)).toEqual([endpoint.method]);
    }
  });

  it('serves every declaration exactly once, with the declared method', () => {
    const served = new Map<string, number>();
    for (const route of routes) {
      for (const method of methodsOf(route)) served.set(key(method, route.url), (served.get(key(method, route.url)) ?? 0) + 1);
    }
    // Distinct method and path: GraphQL's query and mutation are one route.
    const wanted = [...new Set(declared.map((spec) => key(spec.method, spec.path)))];
    expect(wanted.filter((k) => served.get(k) !== 1).map((k) => `${k}: ${served.get(k) ?? 0}`)).toEqual([]);
    const fromRoute = routes.flatMap((route) => (route.endpoint ? [route.endpoint] : []));
    const notOnce = declared.filter((spec) => REST_PATH.test(spec.path) && fromRoute.filter((e) => e === spec).length !== 1);
    expect(notOnce.map((spec) => key(spec.method, spec.path))).toEqual([]);
  });

  it('audits exactly the declarations that name an audit action (admin ones are recorded by the admin service)', () => {
    const named = declared.filter((spec) => spec.audit !== undefined && spec.auth !== 'admin');
    const names = (specs: Iterable<EndpointSpec>) => [...specs].map((spec) => key(spec.method, spec.path)).sort();
    expect(names(AUDITED_ENDPOINTS)).toEqual(names(named));
  });

  it('answers a public endpoint without a session and refuses every user and admin endpoint without one', async () => {
    const notices = await t.app.inject({ method: 'POST', url: contract.NOTICES_ENDPOINT.path, payload: { lang: 'en' } });
    expect(notices.statusCode, notices.body).toBe(200);
    const site = await t.app.inject({ method: 'GET', url: contract.SITE_INFO_ENDPOINT.path });
    expect(site.statusCode, site.body).toBe(200);

    const guarded = routes.flatMap((route) =>
      route.endpoint && (route.endpoint.auth === 'user' || route.endpoint.auth === 'admin') ? [route.endpoint] : [],
    );
    expect(guarded.length).toBeGreaterThan(50);
    for (const spec of guarded) {
      const params = Object.fromEntries(contract.pathParams(spec.path).map((name) => [name, '00000000-0000-4000-8000-000000000000']));
      const reply = await t.app.inject({ method: spec.method, url: fillPath(spec.path, params) });
      expect([reply.statusCode, reply.json<{ code?: string }>().code], `${spec.method} ${spec.path}`).toEqual([401, 'J001']);
    }
  });

  it('lets the token refresh through the bearer check: its own credential decides', async () => {
    const reply = await t.app.inject({ method: 'POST', url: contract.AUTH_ENDPOINTS.refreshToken.path, payload: {} });
    expect(reply.json<{ code?: string }>().code).not.toBe('J001');
  });
});
