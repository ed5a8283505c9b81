import type { ErrorCode } from '@ceppro/contract';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../../errors/app-error';
import type { DicomFilm } from './dicom-film';

export interface RenderRequest {
  id: number;
  bytes: Uint8Array;
}
export type RenderReply =
  | { id: number; ok: true; png: Uint8Array; film: DicomFilm }
  | { id: number; ok: false; code: ErrorCode | null; message: string };

/**
 * Decoding a DICOM film is JavaScript (parser, JPEG Lossless, windowing): about 0.1-0.5 s for a
 * 7 Mpx film, more for a large one. It runs in one worker thread (docs/house-rules.md §13: the event loop
 * stays free), started on first use and unref'd, so it never keeps the process alive; a crashed
 * worker fails its requests and the next call starts a new one.
 */
let worker: Worker | null = null;
let seq = 0;
const pending = new Map<number, { resolve: (reply: RenderReply) => void; reject: (error: unknown) => void }>();

function failAll(error: unknown): void {
  for (const { reject } of pending.values()) reject(error);
  pending.clear();
}

function started(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./dicom-render-worker-entry.mjs', import.meta.url));
  w.unref();
  w.on('message', (reply: RenderReply) => {
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    waiting?.resolve(reply);
  });
  w.once('error', (error) => failAll(error));
  w.once('exit', () => {
    if (worker === w) worker = null;
    failAll(new Error('The DICOM render worker stopped.'));
  });
  worker = w;
  return w;
}

/** The film's derived 8-bit grey PNG (see dicom-film.ts), rendered in the worker. Refusals are AppErrors as in-thread. */
export async function renderDicomPng(bytes: Uint8Array): Promise<{ png: Buffer; film: DicomFilm }> {
  const w = started();
  const id = ++seq;
  const reply = await new Promise<RenderReply>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.ref(); // keep the process alive while a request is out
    w.postMessage({ id, bytes } satisfies RenderRequest);
  }).finally(() => {
    if (pending.size === 0) w.unref();
  });
  if (!reply.ok) throw reply.code ? new AppError(reply.code, reply.message) : new Error(reply.message);
  return { png: Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength), film: reply.film };
}
