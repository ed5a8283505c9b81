import { defaultMessageOf, httpStatusOf, type ErrorCode } from '@ceppro/contract';

export interface AppErrorOptions {
  cause?: unknown;
  key?: string;
  field?: string;
  /** Seconds the client should wait before trying again (sent as Retry-After). */
  retryAfterS?: number;
}

/**
 * The only error type services throw on purpose. It carries a contract code; the HTTP (and later
 * GraphQL and WebSocket) mappers turn it into a response. `message` must be safe to show a user:
 * no patient data, no SQL, no paths.
 */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly code: ErrorCode;
  readonly status: number;
  /** Message key the client translates (e.g. `auth.email.required`); `message` is its English text. */
  readonly key: string | undefined;
  /** The request field the error is about. */
  readonly field: string | undefined;
  readonly retryAfterS: number | undefined;

  constructor(code: ErrorCode, message: string = defaultMessageOf(code), options?: AppErrorOptions) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = httpStatusOf(code);
    this.key = options?.key;
    this.field = options?.field;
    this.retryAfterS = options?.retryAfterS;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
