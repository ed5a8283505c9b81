import { defaultMessageOf, httpStatusOf, type ErrorCode } from '@ceppro/contract';

/**
 * The only error type services throw on purpose. It carries a contract code; the HTTP (and later
 * GraphQL and WebSocket) mappers turn it into a response. `message` must be safe to show a user:
 * no patient data, no SQL, no paths.
 */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly code: ErrorCode;
  readonly status: number;

  constructor(code: ErrorCode, message: string = defaultMessageOf(code), options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.status = httpStatusOf(code);
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
