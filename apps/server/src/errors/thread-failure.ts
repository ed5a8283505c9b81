import type { ErrorCode } from '@ceppro/contract';
import { AppError } from './app-error';

/**
 * A worker thread's answer to a request that failed (the DICOM render worker, the PDF worker). A
 * structured clone keeps no class, so the product's error code travels beside the message.
 */
export interface ThreadFailure {
  id: number;
  ok: false;
  code: ErrorCode | null;
  message: string;
}

/** In the worker thread: the reply to request `id` that threw `error`. */
export function threadFailure(id: number, error: unknown): ThreadFailure {
  return {
    id,
    ok: false,
    code: error instanceof AppError ? error.code : null,
    message: error instanceof Error ? error.message : String(error),
  };
}

/** On the main thread: the error again, an AppError with its code where the worker threw one, else a plain Error. */
export function errorFromThread(failure: ThreadFailure): Error {
  return failure.code ? new AppError(failure.code, failure.message) : new Error(failure.message);
}
