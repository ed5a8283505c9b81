import type { ImageTypeCd } from '@ceppro/contract';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../../errors/app-error';
import { errorFromThread, type ThreadFailure } from '../../../errors/thread-failure';
import type { DicomFilm } from './dicom-film';

export interface RenderRequest {
  id: number;
  bytes: Uint8Array;
  /** Set for the upload check: the image type's size limits are checked before decoding. */
  imageType?: ImageTypeCd;
  decodeTimeoutS: number;
}
export type RenderReply = { id: number; ok: true; png: Uint8Array; film: DicomFilm } | ThreadFailure;
/** The worker says `ready` once its modules are loaded: a film's time budget starts at its dispatch. */
export type WorkerMessage = { ready: true } | RenderReply;

export interface DicomRenderPoolOptions {
  /** Wall time one film may hold the worker (parse, checks, decode, PNG); beyond it the worker is ended. */
  budgetMs: number;
  /** Upload checks one owner may have waiting or running (a cephalogram and a face photo at once); beyond it 429. */
  checksPerOwner: number;
}

/**
 * A 36 Mpx cephalogram in JPEG Lossless takes about 2-3 s here; ten seconds leaves room for a
 * busy machine while a crafted film can hold the worker for no longer.
 */
export const DICOM_RENDER_DEFAULTS: DicomRenderPoolOptions = { budgetMs: 10_000, checksPerOwner: 2 };

export interface RenderOptions {
  /** Whose film (`user:<id>`): owners take turns at the worker. Renders without one share the `background` turn. */
  owner?: string;
  /** The upload check of an image of this type: size limits checked before decoding, the owner's checks capped. */
  check?: ImageTypeCd;
}

export interface RenderedFilm {
  png: Buffer;
  film: DicomFilm;
}

interface Job {
  id: number;
  owner: string;
  bytes: Uint8Array;
  check: ImageTypeCd | undefined;
  resolve: (film: RenderedFilm) => void;
  reject: (error: unknown) => void;
}

/**
 * Decoding a DICOM film is JavaScript (parser, JPEG Lossless, windowing): about 0.1-0.5 s for a
 * 7 Mpx film, more for a large one. It runs in one worker thread (house style §13: the event loop
 * stays free), one film at a time, started on first use and unref'd while idle.
 *
 * Black-box probe: three crafted films from one user held the worker for a minute and another
 * user's film failed behind them. So: films wait here, on the main thread, and owners take turns
 * (the next film is the oldest one of the owner whose last turn is longest ago); one owner may
 * have `checksPerOwner` upload checks in flight, beyond it TOO_MANY_REQUESTS with Retry-After; and
 * a film that holds the worker past `budgetMs` ends the worker (the next film starts a fresh one)
 * and is refused with DICOM_UNREADABLE.
 */
export class DicomRenderPool {
  private worker: Worker | null = null;
  private ready = false;
  private running: { job: Job; timer: NodeJS.Timeout; startedAt: number } | null = null;
  private readonly waiting: Job[] = [];
  /** Owners with a film waiting or running: the number of their last turn. */
  private readonly lastTurn = new Map<string, number>();
  private turns = 0;
  private seq = 0;
  private meanMs = 500;

  constructor(private readonly options: DicomRenderPoolOptions = DICOM_RENDER_DEFAULTS) {}

  /** The film's derived 8-bit grey PNG (see dicom-film.ts). Refusals are the AppErrors of dicom-film.ts. */
  render(bytes: Uint8Array, options: RenderOptions = {}): Promise<RenderedFilm> {
    const owner = options.owner ?? 'background';
    if (options.check !== undefined) {
      const mine = this.waiting.filter((j) => j.owner === owner && j.check !== undefined).length;
      const running = this.running?.job.owner === owner && this.running.job.check !== undefined ? 1 : 0;
      if (mine + running >= this.options.checksPerOwner) {
        const ahead = this.waiting.length + (this.running ? 1 : 0);
        const retryAfterS = Math.max(1, Math.ceil((ahead * this.meanMs) / 1000));
        return Promise.reject(
          new AppError('TOO_MANY_REQUESTS', 'Other DICOM films of yours are being read; try again shortly.', { retryAfterS }),
        );
      }
    }
    return new Promise<RenderedFilm>((resolve, reject) => {
      this.waiting.push({ id: ++this.seq, owner, bytes, check: options.check, resolve, reject });
      this.pump();
    });
  }

  /** Ends the worker; films waiting or running fail. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.ready = false;
    const closed = new Error('The DICOM render pool was closed.');
    if (this.running) this.finish(this.running).reject(closed);
    for (const job of this.waiting.splice(0)) job.reject(closed);
    this.lastTurn.clear();
    await worker?.terminate();
  }

  /** The oldest film of the owner whose last turn is longest ago (an owner new to the queue first). */
  private next(): Job {
    let best = 0;
    let bestTurn = Infinity;
    const seen = new Set<string>();
    this.waiting.forEach((job, i) => {
      if (seen.has(job.owner)) return;
      seen.add(job.owner);
      const turn = this.lastTurn.get(job.owner) ?? -1;
      if (turn < bestTurn) {
        best = i;
        bestTurn = turn;
      }
    });
    return this.waiting.splice(best, 1)[0]!;
  }

  private pump(): void {
    if (this.running) return;
    if (this.waiting.length === 0) {
      this.worker?.unref();
      return;
    }
    const worker = this.worker ?? this.start();
    worker.ref(); // keep the process alive while films wait
    if (!this.ready) return;
    const job = this.next();
    const timer = setTimeout(() => this.overBudget(), this.options.budgetMs);
    this.running = { job, timer, startedAt: performance.now() };
    this.lastTurn.set(job.owner, ++this.turns);
    const decodeTimeoutS = Math.max(1, Math.ceil(this.options.budgetMs / 1000));
    worker.postMessage({ id: job.id, bytes: job.bytes, imageType: job.check, decodeTimeoutS } satisfies RenderRequest);
  }

  private start(): Worker {
    const w = new Worker(new URL('./dicom-render-worker-entry.mjs', import.meta.url));
    this.worker = w;
    this.ready = false;
    w.on('message', (message: WorkerMessage) => this.onMessage(w, message));
    w.once('error', (error) => this.onExit(w, error));
    w.once('exit', () => this.onExit(w, new Error('The DICOM render worker stopped.')));
    return w;
  }

  /** The running film is done (answered, over budget or failed): its owner's turn is forgotten once it has nothing left here. */
  private finish(run: NonNullable<typeof this.running>): Job {
    clearTimeout(run.timer);
    this.running = null;
    const { owner } = run.job;
    if (!this.waiting.some((j) => j.owner === owner)) this.lastTurn.delete(owner);
    return run.job;
  }

  private onMessage(w: Worker, message: WorkerMessage): void {
    if (w !== this.worker) return;
    if ('ready' in message) {
      this.ready = true;
      this.pump();
      return;
    }
    const run = this.running;
    if (!run || run.job.id !== message.id) return;
    this.meanMs = this.meanMs * 0.8 + (performance.now() - run.startedAt) * 0.2;
    const job = this.finish(run);
    if (message.ok) {
      job.resolve({ png: Buffer.from(message.png.buffer, message.png.byteOffset, message.png.byteLength), film: message.film });
    } else job.reject(errorFromThread(message));
    this.pump();
  }

  /** The worker failed or stopped on its own: the film in it fails; one that never started fails the queue (no restart loop). */
  private onExit(w: Worker, error: unknown): void {
    if (w !== this.worker) return; // ended on purpose
    const started = this.ready;
    this.worker = null;
    this.ready = false;
    if (this.running) this.finish(this.running).reject(error);
    else if (!started) {
      for (const job of this.waiting.splice(0)) job.reject(error);
      this.lastTurn.clear();
    }
    this.pump();
  }

  private overBudget(): void {
    const run = this.running;
    if (!run) return;
    const worker = this.worker;
    this.worker = null;
    this.ready = false;
    void worker?.terminate();
    const seconds = this.options.budgetMs / 1000;
    this.finish(run).reject(new AppError('DICOM_UNREADABLE', `The DICOM film could not be decoded within ${seconds} s.`));
    this.pump();
  }
}

/** The process's pool: the upload check, thumbnails, detection and reports render through it. */
export const dicomRenderPool = new DicomRenderPool();

/** `dicomRenderPool.render`. */
export function renderDicomPng(bytes: Uint8Array, options: RenderOptions = {}): Promise<RenderedFilm> {
  return dicomRenderPool.render(bytes, options);
}
