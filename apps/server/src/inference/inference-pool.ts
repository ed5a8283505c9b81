import { Worker } from 'node:worker_threads';
import { ImageInputError, type ImageRejection } from './image-input.ts';
import type { DefinitionProfile, LandmarkId, Vec2 } from '@ceppro/ceph';
import type { DefinitionsResult } from './definitions/index.ts';
import type { Detection } from './detection.ts';

/** A detection, or a clinic's landmark definitions computed on the film (definitions/, a few tens of ms of CPU). */
export type WorkerRequest =
  | { id: number; kind: 'detect'; bytes: Uint8Array }
  | { id: number; kind: 'define'; bytes: Uint8Array; points: Partial<Record<LandmarkId, Vec2>>; profile: DefinitionProfile };
export type WorkerReply =
  | { id: number; ok: true; result: Detection | DefinitionsResult }
  | { id: number; ok: false; code: ImageRejection | 'INFERENCE_FAILED'; message: string };

type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

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
  private readonly pending = new Map<number, { resolve: (d: never) => void; reject: (e: Error) => void }>();

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

  detect(bytes: Uint8Array): Promise<Detection> {
    return this.request<Detection>({ kind: 'detect', bytes });
  }

  /**
   * A clinic's landmark definitions on a film (definitions/apply-definitions.ts) given the detected
   * points by registry id: image analysis kept off the event loop like the model itself.
   */
  define(bytes: Uint8Array, points: Partial<Record<LandmarkId, Vec2>>, profile: DefinitionProfile): Promise<DefinitionsResult> {
    return this.request<DefinitionsResult>({ kind: 'define', bytes, points, profile });
  }

  private async request<T>(req: DistributiveOmit<WorkerRequest, 'id'>): Promise<T> {
    await this.start();
    const id = ++this.seq;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (d: never) => void, reject });
      this.worker!.postMessage({ ...req, id } as WorkerRequest);
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
    if (reply.ok) p.resolve(reply.result as never);
    else if (reply.code === 'INFERENCE_FAILED') p.reject(new InferenceFailedError(reply.message));
    else p.reject(new ImageInputError(reply.code, reply.message));
  }

  private failAll(err: Error) {
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }
}
