import type { z } from 'zod';

/**
 * One REST endpoint, declared once (issue 29 item 2). The server registers its route from this
 * declaration (method, path, path parameters' and input schemas, who may call it, how it is audited and
 * limited) and the web calls it through the one typed client derived from it; no other place spells the path.
 *
 * Path parameters are written `:name` in `path` (Fastify's syntax) and declared in `params`, one key per
 * name (packages/contract/test/endpoint-params.test.ts holds every declaration to it); `pathTo(endpoint,
 * params)` fills them in, URI-encoded, typed from that schema.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call it: `public` (no session: sign-in, sign-up, legal pages), `user` (a bearer session),
 * `admin` (a bearer session of an administrator account), `refresh` (the refresh-token cookie only).
 */
export type EndpointAuth = 'public' | 'user' | 'admin' | 'refresh';

/** How the input travels: a JSON body, a form (urlencoded, or multipart when a field is a file), the query string (GET), or nothing. */
export type EndpointBody = 'json' | 'form' | 'query' | 'none';

/** What a success answers: the `{ success, data }` envelope, a file (PDF, CSV, ZIP, DICOM...), or a bare JSON body (GraphQL). */
export type EndpointAnswer = 'envelope' | 'file' | 'raw';

/**
 * The per-user request budget's classes beyond the ordinary (apps/server/src/http/user-budget.ts): `render`,
 * the answer is made on the server's event loop (PDFs, the XLSX export, planning), so it also waits for a
 * turn among all users' renders; `heavy`, the work runs elsewhere (image decoding threads, a PACS).
 */
export type EndpointLimit = 'heavy' | 'render';

/**
 * What a path parameter that does not fit `params` answers: `VALIDATION_FAILED` (400, with the parameter as
 * `field`, as for a bad body), or `NOT_FOUND` (404) where the parameter names a thing and a malformed name is
 * just one that does not exist (a legal document, the manual's file, an invoice).
 */
export type ParamsRefusal = 'VALIDATION_FAILED' | 'NOT_FOUND';

/** The schema of path parameters: an object of string-valued fields (Fastify hands them over as strings). */
export type ParamsSchema = z.ZodObject<Record<string, z.ZodType<string | number, string>>>;

export interface EndpointSpec {
  readonly method: HttpMethod;
  readonly path: string;
  readonly auth: EndpointAuth;
  /** The `:name` parameters of `path`, one key each; required when the path has any. */
  readonly params?: ParamsSchema;
  /** Default `VALIDATION_FAILED`. */
  readonly paramsRefusal?: ParamsRefusal;
  /** The input's schema (body or query), when it has one. */
  readonly request?: z.ZodType;
  /** The schema of the envelope's `data`, or the file's media type for `answer: 'file'`. */
  readonly response?: z.ZodType | string;
  /** Default: `json` for POST/PUT/DELETE with a request schema, `query` for GET, else `none`. */
  readonly body?: EndpointBody;
  /** Default `envelope`. */
  readonly answer?: EndpointAnswer;
  /**
   * Safe to send again when the answer was lost (a read, or a write that sets a value). GET, PUT and
   * DELETE are idempotent by HTTP's definition whatever this says.
   */
  readonly idempotent?: boolean;
  /** The audit trail's action recorded for each answered call (docs/audit.md), when it reads or changes patient data. */
  readonly audit?: string;
  /** The per-user budget class it draws on (docs/performance.md), when not the ordinary one. */
  readonly limit?: EndpointLimit;
}

/** The `:name`s of a literal path (none for a path typed only as `string`). */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A path with `:params` needs its `params` schema (that its keys are the path's names is checked by the contract's tests). */
type ParamsRequired<E extends EndpointSpec> = [PathParamNames<E['path']>] extends [never] ? unknown : { readonly params: ParamsSchema };

/** Declares one endpoint; the `const` type parameter keeps the literal method, path and schemas. */
export function endpoint<const E extends EndpointSpec>(spec: E & ParamsRequired<E>): E {
  return spec;
}

/** The names of `:params` in a path, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] as string);
}

/** The path parameters a caller passes, as the endpoint's `params` schema accepts them (`undefined` without one). */
export type PathParamsOf<E extends Pick<EndpointSpec, 'params'>> = E['params'] extends ParamsSchema ? z.input<E['params']> : undefined;

/** The path parameters a handler gets, as the endpoint's `params` schema reads them (`undefined` without one). */
export type ParsedParamsOf<E extends Pick<EndpointSpec, 'params'>> = E['params'] extends ParamsSchema ? z.output<E['params']> : undefined;

/** `pathTo`'s arguments after the declaration: the parameters when it declares some, else nothing. */
export type PathToArgs<E extends Pick<EndpointSpec, 'params'>> = E['params'] extends ParamsSchema
  ? [params: PathParamsOf<E>]
  : [params?: undefined];

/** The path with each `:name` replaced by its URI-encoded value; typed from the declaration's `params`. */
export function pathTo<const E extends Pick<EndpointSpec, 'path' | 'params'>>(spec: E, ...[params]: PathToArgs<E>): string {
  return fillPath(spec.path, params as Readonly<Record<string, string | number>> | undefined);
}

/**
 * `pathTo` for a declaration known only as `EndpointSpec` (the web client's one request path, whose call
 * sites are typed): a missing value is an error (a programming mistake).
 */
export function fillPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`pathTo(${path}): no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Whether a lost answer may be sent again (GET, PUT, DELETE, or declared idempotent). */
export function isRepeatable(spec: Pick<EndpointSpec, 'method' | 'idempotent'>): boolean {
  return spec.method !== 'POST' || spec.idempotent === true;
}

/** How the input travels, with the defaults applied. */
export function bodyOf(spec: Pick<EndpointSpec, 'method' | 'request' | 'body'>): EndpointBody {
  if (spec.body !== undefined) return spec.body;
  if (spec.method === 'GET') return spec.request === undefined ? 'none' : 'query';
  return spec.request === undefined ? 'none' : 'json';
}
