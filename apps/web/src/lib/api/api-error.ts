/**
 * What a failed API call throws. `code` is the server's error code (docs/spec-points.md §8) or one of the
 * client-side codes below; `handled` is true when the interceptor already told the user (alert,
 * redirect, reload), so the caller must not show anything more.
 */
export type ClientErrorCode = 'NETWORK' | 'TIMEOUT' | 'ABORTED' | 'HTTP' | 'BAD_RESPONSE' | 'REFRESH_FAILED';

export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly handled: boolean;
  /** The message key the server sent (an AuthMessageKey for the auth endpoints), if any. */
  readonly key: string | null;
  /** The request field the failure is about, if the server named one. */
  readonly field: string | null;
  /** Seconds the server asked to wait before trying again (Retry-After), if it said. */
  readonly retryAfterS: number | null;

  constructor(
    code: string,
    message: string,
    status: number,
    handled: boolean,
    detail: { key?: string | undefined; field?: string | undefined; retryAfterS?: number | null | undefined } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.handled = handled;
    this.key = detail.key ?? null;
    this.field = detail.field ?? null;
    this.retryAfterS = detail.retryAfterS ?? null;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The server code of a failure the caller has to explain, or null when there is nothing to add. */
export function unhandledCode(error: unknown): string | null {
  return isApiError(error) && !error.handled ? error.code : null;
}
