import { parentPort } from 'node:worker_threads';
import { threadFailure } from '../../../errors/thread-failure';
import { renderDicomPngInThread } from './dicom-film';
import type { RenderReply, RenderRequest, WorkerMessage } from './dicom-render-pool';

/**
 * Renders DICOM films off the main thread: the pool sends one request at a time (and ends this
 * thread when one runs past its budget); replies carry the request id.
 */
parentPort?.on('message', (request: RenderRequest) => {
  renderDicomPngInThread(request.bytes, { imageType: request.imageType, decodeTimeoutS: request.decodeTimeoutS }).then(
    ({ png, film }) => parentPort?.postMessage({ id: request.id, ok: true, png, film } satisfies RenderReply),
    (error: unknown) => parentPort?.postMessage(threadFailure(request.id, error) satisfies RenderReply),
  );
});
parentPort?.postMessage({ ready: true } satisfies WorkerMessage);
