import { SILENT_ERROR_CODES } from '@ceppro/contract';
import { z } from 'zod';
import { ApiError } from './api-error.ts';
import { DEFAULT_RETRY_AFTER_S, MAX_ATTEMPTS, MAX_RETRY_AFTER_S, RATE_LIMITED, RATE_LIMITED_RETRIES, retryDelayMs } from './retry.ts';
import type { TokenStore } from './token-store.ts';

/**
 * The one HTTP interceptor of the web app (docs/house-rules.md §12, docs/spec-points.md §4 and §8). Every call to the
 * API goes through `createHttpClient(...).post`, which
 * - adds `Authorization: Bearer <token>` to authenticated calls,
 * - on J002 or HTTP 401 refreshes the tokens once (one refresh for any number of concurrent
 *   failures) and retries; a failed refresh forgets the session and goes home,
 * - handles J005 (duplicate login) and K024 (expired account) for everyone,
 * - turns 404, 5xx, a 30 s time-out and network failures (after 3 attempts) into alerts,
 * - tells the user of RATE_LIMITED (429, the per-user budget) and its Retry-After seconds, without
 *   blocking; a read (a call safe to repeat: a GraphQL query, a GET) is sent again after those
 *   seconds, at most twice and only for a wait up to 30 s (retry.ts); a write is not repeated,
 * - retries a network failure only for a call that is safe to repeat (GET, or `idempotent`): a
 *   POST whose answer was lost may have done its work, and repeating it would, say, create the
 *   patient twice, so it is reported as Network Error instead,
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

export type FieldValue = string | number | boolean | Blob | null | undefined;
export type Fields = Record<string, FieldValue>;

export interface PostOptions {
  /**
   * GET instead of POST (no body); PUT and DELETE for the REST resources that use them
   * (`/api/ai/adaptation`). PUT and DELETE are idempotent by HTTP's definition, so like GET they are
   * retried after a lost answer.
   */
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Send the bearer token (every /api call). */
  auth?: boolean;
  /** JSON body instead of a form. */
  json?: unknown;
  /** Codes the caller handles itself even though the interceptor normally would (the login check's J005). */
  passThrough?: readonly string[];
  /**
   * Safe to send again when the answer was lost (a read, or a write that sets a value): network
   * failures are then retried (docs/spec-points.md §4). Other POSTs are sent once. GET is always idempotent.
   */
  idempotent?: boolean;
  /** Fire-and-forget (logout): no retries, alerts, refresh or redirects; failures are just thrown. */
  background?: boolean;
  /**
   * Clean-up calls made after a failure was already shown (an upload's discard): an expired token is
   * still refreshed and the call retried, but nothing is alerted, redirected or reloaded; every
   * failure is just thrown.
   */
  quiet?: boolean;
  /**
   * The endpoint does not answer the envelope on success (GraphQL answers `{ data, errors }`): a 2xx
   * JSON body is returned as it is. Failures still go through the interceptor (401 J002 refresh, ...).
   */
  raw?: boolean;
  /** A file download (the report PDF): a 2xx answer that is not JSON is returned as a Blob. Failures are the usual envelope. */
  binary?: boolean;
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

const refreshData = z.object({ token: z.string().min(1) });

const silent: ReadonlySet<string> = new Set(SILENT_ERROR_CODES);

function encode(fields: Fields): URLSearchParams | FormData {
  const entries = Object.entries(fields).filter((e): e is [string, Exclude<FieldValue, null | undefined>] => e[1] != null);
  if (entries.some(([, v]) => v instanceof Blob)) {
    const form = new FormData();
    for (const [k, v] of entries) form.append(k, v instanceof Blob ? v : String(v));
    return form;
  }
  return new URLSearchParams(entries.map(([k, v]) => [k, String(v)]));
}

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

export type HttpClient = ReturnType<typeof createHttpClient>;

export function createHttpClient(deps: HttpClientDeps) {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const random = deps.random ?? Math.random;
  const timeoutMs = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const base = deps.baseUrl ?? '';
  let refreshing: Promise<boolean> | null = null;

  /**
   * One fetch with the time-out; network failures are retried when `repeatable`, a time-out never
   * (the server may still be working on it).
   */
  async function send(path: string, init: () => RequestInit, background = false, repeatable = false): Promise<Response> {
    for (let attempt = 1; ; attempt += 1) {
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
      try {
        return await deps.fetch(`${base}${path}`, { ...init(), signal: controller.signal });
      } catch (error) {
        if (background) throw new ApiError(timedOut ? 'TIMEOUT' : 'NETWORK', 'Network Error', 0, true);
        if (timedOut) {
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
      }
    }
  }

  /** The browser sends the HttpOnly refresh-token cookie itself (same origin); the body is empty. */
  async function doRefresh(): Promise<boolean> {
    try {
      const response = await send('/api/refresh-token', () => ({ method: 'POST', credentials: 'same-origin' }));
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

  async function post<T = unknown>(path: string, fields: Fields = {}, options: PostOptions = {}): Promise<T> {
    return attempt<T>(path, fields, options, false);
  }

  async function attempt<T>(path: string, fields: Fields, options: PostOptions, retried: boolean, limited = 0): Promise<T> {
    const repeatable = options.method === 'GET' || options.method === 'PUT' || options.method === 'DELETE' || options.idempotent === true;
    const usedToken = options.auth ? deps.tokens.token() : null;
    const response = await send(
      path,
      () => {
        const headers: Record<string, string> = {};
        if (usedToken !== null) headers.Authorization = `Bearer ${usedToken}`;
        if (options.json !== undefined) headers['Content-Type'] = 'application/json';
        const body = options.json !== undefined ? JSON.stringify(options.json) : encode(fields);
        if (options.method === 'GET') return { method: 'GET', headers };
        if (options.method === 'DELETE' && options.json === undefined) return { method: 'DELETE', headers };
        return { method: options.method ?? 'POST', headers, body };
      },
      options.background || options.quiet,
      repeatable,
    );
    if (options.binary && response.ok && !(response.headers.get('content-type') ?? '').includes('json'))
      return (await response.blob()) as T;
    const json = await readJson(response);
    if (options.raw && response.ok && json !== undefined) return json as T;
    const body = asEnvelope(json);
    if (response.ok && body?.success === true) return body.data as T;

    const code = body?.code ?? 'HTTP';
    const message = body?.message ?? response.statusText;
    const passThrough = options.passThrough ?? [];
    const detail = { key: body?.key, field: body?.field, retryAfterS: retryAfterOf(response) };
    if (options.background) throw new ApiError(code, message, response.status, false, detail);

    const expired = code === 'J002' || (response.status === 401 && code !== 'J005' && code !== 'K006');
    if (options.auth && expired && !passThrough.includes(code)) {
      if (!retried) {
        // Another request may already have refreshed while this one was in flight.
        const current = deps.tokens.token();
        const fresh = current !== null && current !== usedToken ? true : await refreshOnce();
        if (fresh) return attempt<T>(path, fields, options, true);
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
        return attempt<T>(path, fields, options, retried, limited + 1);
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
    console.warn(`API ${path}: ${code} ${message}`);
    throw new ApiError(code, message, response.status, false, detail);
  }

  async function get<T = unknown>(path: string, options: Omit<PostOptions, 'method' | 'json'> = {}): Promise<T> {
    return attempt<T>(path, {}, { ...options, method: 'GET' }, false);
  }

  /** PUT a JSON body (sets a value: safe to repeat). */
  async function put<T = unknown>(path: string, json: unknown, options: Omit<PostOptions, 'method' | 'json'> = {}): Promise<T> {
    return attempt<T>(path, {}, { ...options, method: 'PUT', json }, false);
  }

  /** DELETE without a body (safe to repeat). */
  async function del<T = unknown>(path: string, options: Omit<PostOptions, 'method' | 'json'> = {}): Promise<T> {
    return attempt<T>(path, {}, { ...options, method: 'DELETE' }, false);
  }

  return { post, get, put, delete: del };
}

/** Retry-After in whole seconds (the server sends seconds; an HTTP date is not used). */
function retryAfterOf(response: Response): number | null {
  const value = response.headers.get('retry-after');
  if (value === null || !/^\d{1,6}$/.test(value.trim())) return null;
  return Number(value.trim());
}
