import { parentPort } from 'node:worker_threads';
import { threadFailure } from './errors/thread-failure';
import { MANUAL_PDF } from './features/manual/manual.service';
import { INVOICE_PDF } from './features/membership/invoice-pdf';
import { REPORT_PDF } from './features/reports/report-pdf-kind';
import { CONSULTATION_PDF } from './features/reports/consultation-pdf-kind';
import { FILM_TRACING } from './features/reports/report-film-tracing';
import { ownedBytes, type PdfKind, type PdfReply, type PdfRequest, type PdfWorkerMessage } from './pdf/pdf-pool';

/**
 * The PDF pool's worker thread (src/pdf/pdf-pool.ts): makes every kind of PDF the
 * server sends off the main thread. It is app wiring (it composes three features, which do not
 * import each other this way round); the pool sends one request at a time (and ends this thread
 * when one runs past its budget); replies carry the request id and the PDF as a transferred buffer.
 */
const KINDS = new Map<string, PdfKind<never>>(
  [REPORT_PDF, CONSULTATION_PDF, INVOICE_PDF, MANUAL_PDF, FILM_TRACING].map((kind) => [kind.name, kind as PdfKind<never>]),
);

function make(request: PdfRequest): Promise<Buffer> {
  const kind = KINDS.get(request.kind);
  if (!kind) return Promise.reject(new Error(`No PDF kind "${request.kind}".`));
  return kind.render(request.input as never);
}

parentPort?.on('message', (request: PdfRequest) => {
  make(request).then(
    (pdf) => {
      // A PDF over 4 KiB has an ArrayBuffer of its own (Buffer.concat); a smaller one sits in Buffer's pool.
      const whole = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength;
      const out = whole ? new Uint8Array(pdf.buffer as ArrayBuffer, 0, pdf.byteLength) : ownedBytes(pdf);
      parentPort?.postMessage({ id: request.id, ok: true, pdf: out } satisfies PdfReply, [out.buffer]);
    },
    (error: unknown) => parentPort?.postMessage(threadFailure(request.id, error) satisfies PdfReply),
  );
});
parentPort?.postMessage({ ready: true } satisfies PdfWorkerMessage);
