import { bodyOf, type EndpointSpec } from '@ceppro/contract';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {} from './require-user';
import type { z } from 'zod';
import { parseBody } from './parse-body';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app registered, in order (registerRouteTable). */
    routeTable?: RegisteredRoute[];
    /** The admin check of `auth: 'admin'` routes, decorated by the scope that registers them (features/admin). */
    adminGuard?: (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * One registered route: its method(s), its path, and the declaration it came from (none for GraphQL, the
 * socket, files, health and the web app).
 */
export interface RegisteredRoute {
  method: string | string[];
  url: string;
  endpoint: EndpointSpec | undefined;
}

/**
 * Keeps the app's route table (`app.routeTable`): each route as Fastify registered it, with its
 * declaration. Call before any feature registers routes. The route table's test reads it to check
 * that every REST path comes from the contract and every declaration is served once.
 */
export function registerRouteTable(app: FastifyInstance): void {
  const table: RegisteredRoute[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (options) => {
    table.push({ method: options.method, url: options.url, endpoint: options.config?.endpoint });
  });
}

/** The handler's input: the request schema's output, or nothing when the endpoint declares none. */
export type InputOf<E extends EndpointSpec> = E['request'] extends z.ZodType ? z.output<E['request']> : undefined;

export type EndpointHandler<E extends EndpointSpec> = (input: InputOf<E>, request: FastifyRequest, reply: FastifyReply) => unknown;

export interface EndpointRouteOptions<E extends EndpointSpec> {
  /** Where the raw input comes from, when not the body (or the query string of a GET): the refresh reads its cookie. */
  input?: (request: FastifyRequest) => unknown;
  /** A parse of its own, with codes the screen knows for some refusals (the upload's size and type); it ends in `parseBody` too. */
  parse?: (raw: unknown) => InputOf<E>;
  /** More route configuration (`maxBodyBytes`, ...); `endpoint` is set here. */
  config?: Omit<FastifyContextConfig, 'endpoint'>;
}

/**
 * Registers one REST route from its contract declaration (docs/ARCHITECTURE.md, "Transport"): the method
 * and path from the spec, the input parsed with its request schema before the handler runs
 * (VALIDATION_FAILED with the field, parse-body.ts), and the spec in the route's config, where the bearer
 * check, the audit trail and the request budget read it. An `admin` route needs the scope's admin guard.
 * With `parse: false` the handler validates the input itself, because it answers a refusal in its own
 * way (the mailed links' HTML pages).
 */
export function route<const E extends EndpointSpec>(
  app: FastifyInstance,
  spec: E,
  handler: EndpointHandler<E>,
  options?: EndpointRouteOptions<E>,
): void;
export function route<const E extends EndpointSpec>(
  app: FastifyInstance,
  spec: E,
  handler: (input: undefined, request: FastifyRequest, reply: FastifyReply) => unknown,
  options: Omit<EndpointRouteOptions<E>, 'parse'> & { parse: false },
): void;
export function route<const E extends EndpointSpec>(
  app: FastifyInstance,
  spec: E,
  handler: EndpointHandler<E>,
  options: Omit<EndpointRouteOptions<E>, 'parse'> & { parse?: EndpointRouteOptions<E>['parse'] | false } = {},
): void {
  const guard = app.adminGuard;
  if (spec.auth === 'admin' && guard === undefined)
    throw new Error(`${spec.method} ${spec.path}: an admin endpoint outside an admin scope`);
  app.route({
    method: spec.method,
    url: spec.path,
    config: { ...options.config, endpoint: spec },
    ...(spec.auth === 'admin' && guard !== undefined && { preHandler: guard }),
    handler: async (request, reply) => handler(inputOf(spec, request, options), request, reply),
  });
}

function inputOf<E extends EndpointSpec>(
  spec: E,
  request: FastifyRequest,
  options: { input?: (request: FastifyRequest) => unknown; parse?: ((raw: unknown) => InputOf<E>) | false },
): InputOf<E> {
  const schema = spec.request;
  if (schema === undefined || options.parse === false) return undefined as InputOf<E>;
  const where = bodyOf(spec);
  const raw = options.input ? options.input(request) : where === 'query' ? request.query : where === 'none' ? undefined : request.body;
  return options.parse ? options.parse(raw) : (parseBody(schema, raw) as InputOf<E>);
}
