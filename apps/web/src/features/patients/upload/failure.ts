import { isApiError } from '../../../lib/api/index.ts';
import { RealtimeConnectError } from '../../../lib/realtime/realtime-socket.ts';
import { PutFileError } from './api/put-file.ts';
import { UploadFailedError } from './types.ts';

/** Abort reasons of a run: its own time-out, or the caller's signal. */
export const TIMED_OUT = Symbol('upload timed out');
export const CANCELLED = Symbol('upload cancelled');

/** Settles with `promise`, or rejects with the signal's reason as soon as it aborts. */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

const INVALID_IMAGE_CODES: ReadonlySet<string> = new Set([
  'IMAGE_NOT_SUPPORTED',
  'IMAGE_TOO_LARGE',
  'IMAGE_DIMENSIONS',
  'PAYLOAD_TOO_LARGE',
]);

/** Turns whatever stopped a run into the one error screens handle. */
export function toUploadFailure(error: unknown, signal: AbortSignal): UploadFailedError {
  if (signal.aborted && signal.reason === TIMED_OUT) {
    return new UploadFailedError('timeout', 'The upload did not finish in time.', { cause: error });
  }
  if (signal.aborted && signal.reason === CANCELLED && !(error instanceof UploadFailedError)) {
    return new UploadFailedError('network', 'The upload was cancelled.', { cancelled: true, cause: error });
  }
  if (error instanceof UploadFailedError) return error;
  if (isApiError(error)) {
    const detail = { code: error.code, handled: error.handled, cause: error };
    if (error.code === 'XRAY_NOT_RECOGNIZED') return new UploadFailedError('not-recognized', error.message, detail);
    if (error.code === 'AI_BUSY') return new UploadFailedError('busy', error.message, { ...detail, retryAfterS: error.retryAfterS });
    if (INVALID_IMAGE_CODES.has(error.code)) return new UploadFailedError('invalid-image', error.message, detail);
    if (error.code === 'NETWORK' || error.code === 'TIMEOUT') return new UploadFailedError('network', error.message, detail);
    return new UploadFailedError('server', error.message, detail);
  }
  if (error instanceof PutFileError) {
    if (error.status === 413 || error.status === 415) return new UploadFailedError('invalid-image', error.message, { cause: error });
    return new UploadFailedError(error.status === 0 ? 'network' : 'server', error.message, { cause: error });
  }
  if (error instanceof RealtimeConnectError) return new UploadFailedError('network', error.message, { code: error.code, cause: error });
  return new UploadFailedError('server', error instanceof Error ? error.message : 'The upload failed.', { cause: error });
}
