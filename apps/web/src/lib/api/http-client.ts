import { AUTH_ENDPOINTS, SILENT_ERROR_CODES, pathTo, type EndpointAnswer, type EndpointSpec } from '@ceppro/contract';
import { z } from 'zod';
import { ApiError } from './api-error.ts';
import { prepare, type CallArgs, type CallOptions, type PreparedRequest, type ResultOf } from './endpoint-call.ts';
import { DEFAULT_RETRY_AFTER_S, MAX_ATTEMPTS, MAX_RETRY_AFTER_S, RATE_LIMITED, RATE_LIMITED_RETRIES, retryDelayMs } from './retry.ts';
import type { TokenStore } from './token-store.ts';

/**
 * The one HTTP client and interceptor of the web app (docs/house-rules.md §12, docs/spec-points.md §4 and §8). Every
 * call to the API goes through `createHttpClient(...).call(endpoint, input, options)`, typed and derived from the
 * endpoint's declaration in packages/contract (issue 29 item 2: no path, method or encoding is written at a call
 * site), which
 * - adds `Authorization: Bearer <token>` to calls of endpoints that are not public,
 * - on J002 or HTTP 401 refreshes the tokens once (one refresh for any number of concurrent
 *   failures) and retries; a failed refresh forgets the session and goes home,
 * - handles J005 (duplicate login) and K024 (expired account) for everyone,
 * - turns 404, 5xx, a 30 s time-out and network failures (after 3 attempts) into alerts,
 * - tells the user of RATE_LIMITED (429, the per-user budget) and its Retry-After seconds, without
 *   blocking; a read (a call safe to repeat, `isRepeatable`: a GraphQL query, a GET) is sent again after those
 *   seconds, at most twice and only for a wait up to 30 s (retry.ts); a write is not repeated,
 * - retries a network failure only for a call that is safe to repeat (GET, PUT, DELETE or `idempotent`): a
 *   POST whose answer was lost may have done its work, and repeating it would, say, create the
 *   patient twice, so it is reported as Network Error instead,
 * - validates the envelope's data with the declaration's response schema (BAD_RESPONSE when it does not fit),
 * - passes the product's silent codes and every other failure to the caller as an ApiError.
 */
export const REQUEST_TIMEOUT_MS = 30_000;

export type Alert = 'duplicateLogin' | 'expiredAccount' | 'notFound' | 'serverError' | 'timeout' | 'network';

export interface HttpClientDeps {
  fetch: typeof fetch;
  tokens: TokenStore;
  /** Shows an alert; resolves when the user has dismissed it. */
  alert: (kind: Alert) => Promise<void>;
  goHome: () => void;
  reload: () => void;
  /**
   * Tells the user the server refused for too many requests (RATE_LIMITED) and after how many seconds
   * it may be tried again; `retrying` when this client sends it again itself then. Does not wait.
   */
  rateLimited?: (retryAfterS: number, retrying: boolean) => void;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  timeoutMs?: number;
  baseUrl?: string;
}

const envelope = z.object({
  success: z.boolean(),
  data: z.unknown().optional(),
  code: z.string().optional(),
  message: z.string().optional(),
  key: z.string().optional(),
  field: z.string().optional(),
});
type Envelope = z.infer<typeof envelope>;

const graphErrors = z.object({ errors: z.array(z.object({ extensions: z.object({ code: z.string() }).partial().optional() })) });

const refreshData = z.object({ token: z.string().min(1) });

const silent: ReadonlySet<string> = new Set(SILENT_ERROR_CODES);

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

function asEnvelope(json: unknown): Envelope | null {
  const parsed = envelope.safeParse(json);
  return parsed.success ? parsed.data : null;
}

async function readEnvelope(response: Response): Promise<Envelope | null> {
  return asEnvelope(await readJson(response));
}

/** A GraphQL answer refused with an HTTP status (REVISION_REQUIRED 428, RESPONSE_TOO_LARGE 422): its first error's code. */
function graphErrorCode(json: unknown): string | undefined {
  const parsed = graphErrors.safeParse(json);
  return parsed.success ? parsed.data.errors[0]?.extensions?.code : undefined;
}

export type HttpClient = ReturnType<typeof createHttpClient>;

/** Why one fetch failed before an answer came. */
type Lost = 'timeout' | 'aborted' | 'network';

export function createHttpClient(deps: HttpClientDeps) {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const random = deps.random ?? Math.random;
  const timeoutMs = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const base = deps.baseUrl ?? '';
  let refreshing: Promise<boolean> | null = null;

  /**
   * One fetch with the time-out; network failures are retried when `repeatable`, a time-out never
   * (the server may still be working on it), a cancellation by the caller never.
   */
  async function send(url: string, init: () => RequestInit, options: CallOptions = {}, repeatable = false): Promise<Response> {
    const background = options.background === true || options.quiet === true;
    for (let attempt = 1; ; attempt += 1) {
      const controller = new AbortController();
      const why: { lost: Lost } = { lost: 'network' };
      const timer = setTimeout(() => {
        why.lost = 'timeout';
        controller.abort();
      }, timeoutMs);
      const cancel = () => {
        why.lost = 'aborted';
        controller.abort();
      };
      if (options.signal?.aborted) cancel();
      options.signal?.addEventListener('abort', cancel);
      try {
        return await deps.fetch(`${base}${url}`, { ...init(), signal: controller.signal });
      } catch (error) {
        const { lost } = why;
        if (lost === 'aborted') throw new ApiError('ABORTED', 'Cancelled', 0, true);
        if (background) throw new ApiError(lost === 'timeout' ? 'TIMEOUT' : 'NETWORK', 'Network Error', 0, true);
        if (lost === 'timeout') {
          await deps.alert('timeout');
          throw new ApiError('TIMEOUT', 'The request time has expired', 0, true);
        }
        if (!repeatable || attempt >= MAX_ATTEMPTS) {
          await deps.alert('network');
          throw new ApiError('NETWORK', error instanceof Error ? error.message : 'Network Error', 0, true);
        }
        await sleep(retryDelayMs(attempt, random()));
      } finally {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', cancel);
      }
    }
  }

  /** The browser sends the HttpOnly refresh-token cookie itself (same origin); the body is empty. */
  async function doRefresh(): Promise<boolean> {
    try {
      const response = await send(pathTo(AUTH_ENDPOINTS.refreshToken), () => ({ method: 'POST', credentials: 'same-origin' }));
      const body = await readEnvelope(response);
      const data = refreshData.safeParse(body?.success === true ? body.data : null);
      if (!response.ok || !data.success) return false;
      deps.tokens.setToken(data.data.token);
      return true;
    } catch {
      return false;
    }
  }

  /** Single flight: concurrent callers share the one refresh in progress. */
  function refreshOnce(): Promise<boolean> {
    refreshing ??= doRefresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /**
   * Calls one declared endpoint: method, path (with `params`), bearer, encoding, repeatability and
   * the parsing of the answer all come from `spec`; `options` hold only what the call site knows.
   */
  async function call<const E extends EndpointSpec>(spec: E, ...[input, options]: CallArgs<E>): Promise<ResultOf<E>> {
    const opts: CallOptions & { params?: Readonly<Record<string, string | number>> | undefined } = options ?? {};
    const request = prepare(spec, input, opts.params);
    const answer = spec.answer ?? 'envelope';
    const data = await attempt(request, answer, opts, false);
    if (answer !== 'envelope' || typeof spec.response !== 'object') return data as ResultOf<E>;
    const parsed = spec.response.safeParse(data);
    if (parsed.success) return parsed.data as ResultOf<E>;
    console.warn(`API ${spec.path}: unexpected answer`, parsed.error.issues[0]);
    throw new ApiError('BAD_RESPONSE', 'The server answered something unexpected.', 200, false);
  }

  async function attempt(
    request: PreparedRequest,
    answer: EndpointAnswer,
    options: CallOptions,
    retried: boolean,
    limited = 0,
  ): Promise<unknown> {
    const { repeatable } = request;
    const usedToken = request.bearer ? deps.tokens.token() : null;
    const response = await send(
      request.url,
      () => {
        const headers: Record<string, string> = {};
        if (usedToken !== null) headers.Authorization = `Bearer ${usedToken}`;
        if (request.contentType !== null) headers['Content-Type'] = request.contentType;
        return {
          method: request.method,
          headers,
          ...(request.body !== null && { body: request.body }),
          ...(options.keepalive === true && { keepalive: true }),
        };
      },
      options,
      repeatable,
    );
    if (answer === 'file' && response.ok && !(response.headers.get('content-type') ?? '').includes('json')) return response.blob();
    const json = await readJson(response);
    if (answer === 'raw' && response.ok && json !== undefined) return json;
    const body = asEnvelope(json);
    if (response.ok && body?.success === true) return body.data;

    const code = body?.code ?? graphErrorCode(json) ?? 'HTTP';
    const message = body?.message ?? response.statusText;
    const passThrough = options.passThrough ?? [];
    const detail = { key: body?.key, field: body?.field, retryAfterS: retryAfterOf(response) };
    if (options.background) throw new ApiError(code, message, response.status, false, detail);

    const expired = code === 'J002' || (response.status === 401 && code !== 'J005' && code !== 'K006');
    if (request.bearer && expired && !passThrough.includes(code)) {
      if (!retried) {
        // Another request may already have refreshed while this one was in flight.
        const current = deps.tokens.token();
        const fresh = current !== null && current !== usedToken ? true : await refreshOnce();
        if (fresh) return attempt(request, answer, options, true);
      }
      if (options.quiet) throw new ApiError('REFRESH_FAILED', message, response.status, false);
      if (usedToken !== null || code === 'J002' || retried) {
        deps.tokens.clear();
        deps.goHome();
        throw new ApiError('REFRESH_FAILED', message, response.status, true);
      }
    }
    if (options.quiet) throw new ApiError(code, message, response.status, false, detail);
    if (code === 'J005' && !passThrough.includes(code)) {
      deps.tokens.clear();
      await deps.alert('duplicateLogin');
      deps.reload();
      throw new ApiError(code, message, response.status, true);
    }
    if (code === 'K024' && !passThrough.includes(code)) {
      deps.tokens.clear();
      await deps.alert('expiredAccount');
      deps.goHome();
      throw new ApiError(code, message, response.status, true);
    }
    if (code === RATE_LIMITED && !passThrough.includes(code)) {
      const seconds = Math.max(1, detail.retryAfterS ?? DEFAULT_RETRY_AFTER_S);
      const again = repeatable && limited < RATE_LIMITED_RETRIES && seconds <= MAX_RETRY_AFTER_S;
      deps.rateLimited?.(seconds, again);
      if (again) {
        await sleep(seconds * 1000);
        return attempt(request, answer, options, retried, limited + 1);
      }
      throw new ApiError(code, message, response.status, deps.rateLimited !== undefined, detail);
    }
    if (silent.has(code) || passThrough.includes(code)) throw new ApiError(code, message, response.status, false, detail);
    if (response.status === 404) {
      await deps.alert('notFound');
      throw new ApiError(code, message, 404, true);
    }
    if (response.status >= 500) {
      await deps.alert('serverError');
      throw new ApiError(code, message, response.status, true);
    }
    console.warn(`API ${request.url}: ${code} ${message}`);
    throw new ApiError(code, message, response.status, false, detail);
  }

  return { call };
}

/** Retry-After in whole seconds (the server sends seconds; an HTTP date is not used). */
function retryAfterOf(response: Response): number | null {
  const value = response.headers.get('retry-after');
  if (value === null || !/^\d{1,6}$/.test(value.trim())) return null;
  return Number(value.trim());
}
