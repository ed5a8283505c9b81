import { bodyOf, type EndpointSpec, type ParsedParamsOf } from '@ceppro/contract';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {} from './require-user';
import type { z } from 'zod';
import { AppError } from '../errors/app-error';
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

/** The handler's path parameters, as the endpoint's `params` schema read them (`undefined` without path parameters). */
export type ParamsOf<E extends EndpointSpec> = ParsedParamsOf<E>;

export type EndpointHandler<E extends EndpointSpec> = (
  input: InputOf<E>,
  request: FastifyRequest,
  reply: FastifyReply,
  params: ParamsOf<E>,
) => unknown;

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
 * and path from the spec, the path parameters parsed with its `params` schema and then the input with its
 * request schema before the handler runs (VALIDATION_FAILED with the field, parse-body.ts; a parameter answers
 * NOT_FOUND instead where the spec's `paramsRefusal` says so), and the spec in the route's config, where the bearer
 * check, the audit trail and the request budget read it. An `admin` route needs the scope's admin guard.
 * With `parse: false` the handler validates the input itself, because it answers a refusal in its own
 * way (the mailed links' HTML pages); the path parameters are parsed even then.
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
  handler: (input: undefined, request: FastifyRequest, reply: FastifyReply, params: ParamsOf<E>) => unknown,
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
    handler: async (request, reply) => {
      const params = paramsOf(spec, request);
      return handler(inputOf(spec, request, options), request, reply, params);
    },
  });
}

/** The path parameters through the declaration's schema (Fastify matched the route; the values are still the caller's). */
function paramsOf<E extends EndpointSpec>(spec: E, request: FastifyRequest): ParamsOf<E> {
  if (spec.params === undefined) return undefined as ParamsOf<E>;
  if (spec.paramsRefusal === 'NOT_FOUND') {
    const parsed = spec.params.safeParse(request.params);
    if (!parsed.success) throw new AppError('NOT_FOUND');
    return parsed.data as ParamsOf<E>;
  }
  return parseBody(spec.params, request.params) as ParamsOf<E>;
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
