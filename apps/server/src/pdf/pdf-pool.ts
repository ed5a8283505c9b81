import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { AppError } from '../errors/app-error';
import { errorFromThread, type ThreadFailure } from '../errors/thread-failure';

/**
 * One kind of PDF the pool makes: the report, the tax invoice, the user manual. `render` runs in
 * the worker thread (apps/server/src/pdf-worker.ts looks the kind up by `name`); the input crosses
 * by structured clone, so it holds plain data (Dates, numbers, strings, typed arrays).
 */
export interface PdfKind<I> {
  name: string;
  render(input: I): Promise<Buffer>;
  /**
   * Large bytes in the input copied into buffers of their own, to be transferred rather than
   * cloned (sharp's and Buffer's pooled memory cannot be transferred). Runs when the PDF is asked
   * for, so the caller keeps its own bytes.
   */
  pack?(input: I): { input: I; transfer: ArrayBuffer[] };
}

/** Makes a PDF of a kind: the app's pool (a worker thread), or `renderInThread` (tests, the CLI). */
export type PdfRender = <I>(kind: PdfKind<I>, input: I) => Promise<Buffer>;

/** The same PDF on the calling thread: for tests and command-line tools, never the server's event loop. */
export const renderInThread: PdfRender = (kind, input) => kind.render(input);

/** What the pool sends a worker. */
export interface PdfRequest {
  id: number;
  kind: string;
  input: unknown;
}
export type PdfReply = { id: number; ok: true; pdf: Uint8Array } | ThreadFailure;
/** The worker says `ready` once its modules (pdfkit, fonts) are loaded: a PDF's budget starts at its dispatch. */
export type PdfWorkerMessage = { ready: true } | PdfReply;

export interface PdfPoolOptions {
  /** Worker threads, started one by one as PDFs wait. */
  threads: number;
  /** Wall time one PDF may hold a thread; beyond it the thread is ended and the PDF refused (REPORT_TIMEOUT). */
  budgetMs: number;
}

/**
 * One thread on a 2-core machine (the other core answers requests), two where there are more. A
 * large report takes 0.4-2.5 s on a loaded 2-core machine; 30 s is room for a very busy one.
 */
export const PDF_POOL_DEFAULTS: PdfPoolOptions = {
  threads: Math.min(2, Math.max(1, availableParallelism() - 1)),
  budgetMs: 30_000,
};

interface Job {
  id: number;
  kind: string;
  input: unknown;
  transfer: ArrayBuffer[];
  resolve: (pdf: Buffer) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  running: { job: Job; timer: NodeJS.Timeout } | null;
}

/** A copy in an ArrayBuffer of its own: sharp's and Buffer's pooled memory cannot be transferred. */
export function ownedBytes(view: Uint8Array): Uint8Array<ArrayBuffer> {
  const copy = new Uint8Array(view.byteLength);
  copy.set(view);
  return copy;
}

/**
 * pdfkit lays a PDF out in JavaScript on the thread that calls it (0.4-2.5 s for a large report on
 * a loaded 2-core machine, about a second for the manual): on the event loop, every other request
 * and /healthz would wait. So every PDF the server makes (reports, tax invoices, the manual) is
 * made here, in `threads` worker threads started on first use and unref'd while idle (house style
 * §13), as the DICOM render pool does. The thread runs `entry` (the app passes
 * apps/server/src/pdf-worker-entry.mjs), which knows every kind by name. PDFs wait in arrival
 * order: the per-user budget (http/user-budget.ts) already lets one user have only two heavy
 * requests in flight, so another user waits behind at most two of theirs per thread. A PDF that
 * holds a thread past `budgetMs` ends that thread (the next PDF starts a fresh one) and is refused
 * with REPORT_TIMEOUT (503). Large bytes (the report's film) and the PDF cross as transferred
 * buffers, not copies of copies.
 */
export class PdfPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: Job[] = [];
  private seq = 0;
  private made = 0;

  constructor(
    private readonly entry: URL,
    private readonly options: PdfPoolOptions = PDF_POOL_DEFAULTS,
  ) {}

  /** `kind.render(input)` in a worker thread: the same bytes. */
  readonly render: PdfRender = (kind, input) => {
    const { input: packed, transfer } = kind.pack?.(input) ?? { input, transfer: [] };
    return new Promise<Buffer>((resolve, reject) => {
      this.waiting.push({ id: ++this.seq, kind: kind.name, input: packed, transfer, resolve, reject });
      this.pump();
    });
  };

  /** Threads started now (for tests). */
  get threads(): number {
    return this.slots.length;
  }

  /** PDFs the worker threads have made since the pool was built (for tests: the work left this thread). */
  get madeByWorkers(): number {
    return this.made;
  }

  /** Ends the threads; PDFs waiting or running fail. A later render starts fresh threads. */
  async close(): Promise<void> {
    const closed = new Error('The PDF pool was closed.');
    const slots = this.slots.splice(0);
    for (const slot of slots) if (slot.running) this.finish(slot).reject(closed);
    for (const job of this.waiting.splice(0)) job.reject(closed);
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (!slot.ready || slot.running) continue;
      const job = this.waiting.shift();
      if (!job) {
        slot.worker.unref();
        continue;
      }
      this.dispatch(slot, job);
    }
    // More PDFs waiting than threads starting: start another, up to `threads`.
    let starting = this.slots.filter((slot) => !slot.ready).length;
    while (this.waiting.length > starting && this.slots.length < this.options.threads) {
      this.start();
      starting += 1;
    }
  }

  private dispatch(slot: Slot, job: Job): void {
    slot.worker.ref(); // keep the process alive while a PDF is made
    const timer = setTimeout(() => this.overBudget(slot), this.options.budgetMs);
    slot.running = { job, timer };
    const request: PdfRequest = { id: job.id, kind: job.kind, input: job.input };
    slot.worker.postMessage(request, job.transfer);
  }

  private start(): void {
    const worker = new Worker(this.entry);
    const slot: Slot = { worker, ready: false, running: null };
    this.slots.push(slot);
    worker.on('message', (message: PdfWorkerMessage) => this.onMessage(slot, message));
    worker.once('error', (error) => this.onExit(slot, error));
    worker.once('exit', () => this.onExit(slot, new Error('The PDF worker stopped.')));
  }

  private finish(slot: Slot): Job {
    const run = slot.running!;
    clearTimeout(run.timer);
    slot.running = null;
    return run.job;
  }

  /** Forgets a slot that stopped or was ended; false when it was gone already (ended on purpose). */
  private drop(slot: Slot): boolean {
    const i = this.slots.indexOf(slot);
    if (i < 0) return false;
    this.slots.splice(i, 1);
    return true;
  }

  private onMessage(slot: Slot, message: PdfWorkerMessage): void {
    if (!this.slots.includes(slot)) return;
    if ('ready' in message) {
      slot.ready = true;
      this.pump();
      return;
    }
    if (!slot.running || slot.running.job.id !== message.id) return;
    const job = this.finish(slot);
    if (message.ok) {
      this.made += 1;
      job.resolve(Buffer.from(message.pdf.buffer, message.pdf.byteOffset, message.pdf.byteLength));
    } else job.reject(errorFromThread(message));
    this.pump();
  }

  /** A thread failed or stopped on its own: its PDF fails; one that never started fails the queue (no restart loop). */
  private onExit(slot: Slot, error: unknown): void {
    if (!this.drop(slot)) return;
    if (slot.running) this.finish(slot).reject(error);
    else if (!slot.ready && !this.slots.some((s) => s.ready)) for (const job of this.waiting.splice(0)) job.reject(error);
    this.pump();
  }

  private overBudget(slot: Slot): void {
    if (!slot.running || !this.drop(slot)) return;
    void slot.worker.terminate();
    const seconds = this.options.budgetMs / 1000;
    this.finish(slot).reject(new AppError('REPORT_TIMEOUT', `The PDF could not be made within ${seconds} s; try again shortly.`));
    this.pump();
  }
}
