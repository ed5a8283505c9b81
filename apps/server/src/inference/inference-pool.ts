import { Worker } from 'node:worker_threads';
import { ImageInputError, type ImageRejection } from './image-input.ts';
import type { Detection } from './detection.ts';

export interface WorkerRequest {
  id: number;
  bytes: Uint8Array;
}
export type WorkerReply =
  | { id: number; ok: true; result: Detection }
  | { id: number; ok: false; code: ImageRejection | 'INFERENCE_FAILED'; message: string };

/** Inference failed for a reason that is not the image's fault (model missing, runtime error). */
export class InferenceFailedError extends Error {
  readonly code = 'INFERENCE_FAILED';
}

/**
 * Runs the landmark detector in a worker thread so the event loop stays free while a model runs.
 * One worker per process: the model is loaded once and requests queue in order.
 */
export class InferencePool {
  private worker: Worker | null = null;
  private ready: Promise<{ id: string; version: string }> | null = null;
  private seq = 0;
  private readonly pending = new Map<number, { resolve: (d: Detection) => void; reject: (e: Error) => void }>();

  constructor(
    private readonly manifestPath: string,
    private readonly threads = 2,
  ) {}

  /** Start the worker and load the model (idempotent). Resolves with the model id and version. */
  start(): Promise<{ id: string; version: string }> {
    if (this.ready) return this.ready;
    const worker = new Worker(new URL('./inference-worker-entry.mjs', import.meta.url), {
      workerData: { manifestPath: this.manifestPath, threads: this.threads },
    });
    this.worker = worker;
    this.ready = new Promise((resolve, reject) => {
      const onFirst = (msg: { ready?: boolean; model?: { id: string; version: string }; message?: string }) => {
        if (msg.ready && msg.model) resolve(msg.model);
        else reject(new InferenceFailedError(`Landmark model failed to load: ${msg.message ?? 'unknown error'}`));
        worker.off('message', onFirst);
        worker.on('message', (reply: WorkerReply) => this.settle(reply));
      };
      worker.on('message', onFirst);
      worker.once('error', (err) => {
        reject(err);
        this.failAll(err);
      });
      worker.once('exit', (code) => {
        if (code !== 0) this.failAll(new InferenceFailedError(`Inference worker exited with code ${code}`));
        this.worker = null;
        this.ready = null;
      });
    });
    return this.ready;
  }

  async detect(bytes: Uint8Array): Promise<Detection> {
    await this.start();
    const id = ++this.seq;
    return new Promise<Detection>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker!.postMessage({ id, bytes } satisfies WorkerRequest);
    });
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    this.ready = null;
    if (w) await w.terminate();
    this.failAll(new InferenceFailedError('Inference pool closed'));
  }

  private settle(reply: WorkerReply) {
    const p = this.pending.get(reply.id);
    if (!p) return;
    this.pending.delete(reply.id);
    if (reply.ok) p.resolve(reply.result);
    else if (reply.code === 'INFERENCE_FAILED') p.reject(new InferenceFailedError(reply.message));
    else p.reject(new ImageInputError(reply.code, reply.message));
  }

  private failAll(err: Error) {
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }
}
