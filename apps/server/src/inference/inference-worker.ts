/**
 * Worker thread that owns the ONNX sessions. Requests are handled one at a time so a burst of
 * uploads queues here instead of oversubscribing the CPU cores.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { applyDefinitions } from './definitions/index.ts';
import { ImageInputError, decodeGrey } from './image-input.ts';
import { LandmarkDetector } from './landmark-detector.ts';
import type { WorkerReply, WorkerRequest } from './inference-pool.ts';

const { manifestPath, threads } = workerData as { manifestPath: string; threads: number };
const port = parentPort!;

try {
  const detector = await LandmarkDetector.load(manifestPath, { threads });
  let chain: Promise<void> = Promise.resolve();
  port.on('message', (req: WorkerRequest) => {
    chain = chain.then(async () => {
      let reply: WorkerReply;
      try {
        const result =
          req.kind === 'define' ? applyDefinitions(await decodeGrey(req.bytes), req.points, req.profile) : await detector.detect(req.bytes);
        reply = { id: req.id, ok: true, result };
      } catch (err) {
        reply =
          err instanceof ImageInputError
            ? { id: req.id, ok: false, code: err.code, message: err.message }
            : { id: req.id, ok: false, code: 'INFERENCE_FAILED', message: err instanceof Error ? err.message : String(err) };
      }
      port.postMessage(reply);
    });
  });
  port.postMessage({ ready: true, model: detector.modelRef });
} catch (err) {
  port.postMessage({ ready: false, message: err instanceof Error ? err.message : String(err) });
}
