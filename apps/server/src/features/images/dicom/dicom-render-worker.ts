import { parentPort } from 'node:worker_threads';
import { AppError } from '../../../errors/app-error';
import { renderDicomPngInThread } from './dicom-film';
import type { RenderReply, RenderRequest, WorkerMessage } from './dicom-render-pool';

/**
 * Renders DICOM films off the main thread: the pool sends one request at a time (and ends this
 * thread when one runs past its budget); replies carry the request id.
 */
parentPort?.on('message', (request: RenderRequest) => {
  renderDicomPngInThread(request.bytes, { imageType: request.imageType, decodeTimeoutS: request.decodeTimeoutS }).then(
    ({ png, film }) => parentPort?.postMessage({ id: request.id, ok: true, png, film } satisfies RenderReply),
    (error: unknown) =>
      parentPort?.postMessage({
        id: request.id,
        ok: false,
        code: error instanceof AppError ? error.code : null,
        message: error instanceof Error ? error.message : String(error),
      } satisfies RenderReply),
  );
});
parentPort?.postMessage({ ready: true } satisfies WorkerMessage);
