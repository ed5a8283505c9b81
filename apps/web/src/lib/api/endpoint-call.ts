import { bodyOf, fillPath, isRepeatable, type EndpointSpec, type ParamsSchema, type PathParamsOf } from '@ceppro/contract';
import type { z } from 'zod';

/**
 * What the typed client derives from an endpoint's declaration (packages/contract `endpoint()`): the
 * input and result types, and the one request a call sends. Nothing here is written per endpoint.
 */
export type FieldValue = string | number | boolean | Blob | null | undefined;
export type Fields = Record<string, FieldValue>;

/** The path parameters a call passes, typed by the declaration's `params` schema (a missing or wrong one does not compile). */
export type PathParams<E extends EndpointSpec> = PathParamsOf<E>;

/**
 * The input a call passes: what the request schema accepts; a form without a schema (a file upload)
 * takes its fields; an endpoint without input takes nothing.
 */
export type InputOf<E extends EndpointSpec> = E['request'] extends z.ZodType
  ? z.input<E['request']>
  : E['body'] extends 'form'
    ? Fields
    : undefined;

/** What a successful call resolves to: the envelope's data as the response schema reads it, a Blob for a file, the bare JSON for `raw`. */
export type ResultOf<E extends EndpointSpec> = E['answer'] extends 'file'
  ? Blob
  : E['answer'] extends 'raw'
    ? unknown
    : E['response'] extends z.ZodType
      ? z.output<E['response']>
      : unknown;

/** What only the call site knows; everything else comes from the declaration. */
export interface CallOptions {
  /** Codes the caller handles itself even though the interceptor normally would (the login check's J005). */
  passThrough?: readonly string[];
  /**
   * Clean-up calls made after a failure was already shown (an upload's discard): an expired token is
   * still refreshed and the call retried, but nothing is alerted, redirected or reloaded; every
   * failure is just thrown.
   */
  quiet?: boolean;
  /** Fire-and-forget (logout, a save while the page closes): no retries, alerts, refresh or redirects; failures are just thrown. */
  background?: boolean;
  /** The request may outlive the page (a save on unload); use with `background`. */
  keepalive?: boolean;
  /** The caller's cancellation (a query that is no longer wanted): the call rejects with ABORTED and alerts nothing. */
  signal?: AbortSignal;
}

export type CallOptionsOf<E extends EndpointSpec> = CallOptions &
  (E['params'] extends ParamsSchema ? { params: PathParams<E> } : { params?: undefined });

/** The arguments after the declaration: the input (optional when there is none) and the call-site options. */
export type CallArgs<E extends EndpointSpec> = E['params'] extends ParamsSchema
  ? [input: InputOf<E>, options: CallOptionsOf<E>]
  : InputOf<E> extends undefined
    ? [input?: undefined, options?: CallOptionsOf<E>]
    : [input: InputOf<E>, options?: CallOptionsOf<E>];

/** One request as the interceptor sends it. */
export interface PreparedRequest {
  url: string;
  method: EndpointSpec['method'];
  bearer: boolean;
  repeatable: boolean;
  contentType: string | null;
  body: BodyInit | null;
}

function present(input: unknown): Array<[string, Exclude<FieldValue, null | undefined>]> {
  if (input === undefined || input === null) return [];
  return Object.entries(input as Record<string, unknown>).flatMap(([k, v]) => {
    if (v === undefined || v === null) return [];
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Blob) return [[k, v]];
    throw new Error(`field ${k} cannot travel in a form or query string`);
  });
}

/** A form: urlencoded, or multipart when a field is a file. */
export function encodeForm(input: unknown): URLSearchParams | FormData {
  const entries = present(input);
  if (entries.some(([, v]) => v instanceof Blob)) {
    const form = new FormData();
    for (const [k, v] of entries) form.append(k, v instanceof Blob ? v : String(v));
    return form;
  }
  return new URLSearchParams(entries.map(([k, v]) => [k, String(v)]));
}

/** Derives method, path, auth, encoding and repeatability from the declaration. */
export function prepare(
  spec: EndpointSpec,
  input: unknown,
  params: Readonly<Record<string, string | number>> | undefined,
): PreparedRequest {
  const path = fillPath(spec.path, params);
  const base = { method: spec.method, bearer: spec.auth !== 'public', repeatable: isRepeatable(spec) };
  switch (bodyOf(spec)) {
    case 'query': {
      const query = new URLSearchParams(present(input).map(([k, v]) => [k, String(v)])).toString();
      return { ...base, url: query === '' ? path : `${path}?${query}`, contentType: null, body: null };
    }
    case 'json':
      return { ...base, url: path, contentType: 'application/json', body: JSON.stringify(input ?? {}) };
    case 'form':
      return { ...base, url: path, contentType: null, body: encodeForm(input) };
    case 'none':
      return { ...base, url: path, contentType: null, body: null };
  }
}
