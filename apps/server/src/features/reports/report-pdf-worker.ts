import { parentPort } from 'node:worker_threads';
import { AppError } from '../../errors/app-error';
import { renderReportPdf } from './report-pdf';
import { ownedBytes, type ReportPdfReply, type ReportPdfRequest, type ReportPdfWorkerMessage } from './report-pdf-pool';

/**
 * Makes report PDFs off the main thread: the pool sends one request at a time (and ends this
 * thread when one runs past its budget); replies carry the request id and the PDF as a transferred buffer.
 */
parentPort?.on('message', (request: ReportPdfRequest) => {
  const { bytes, ...film } = request.film;
  renderReportPdf(request.model, { ...film, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) }, request.now).then(
    (pdf) => {
      // A PDF over 4 KiB has an ArrayBuffer of its own (Buffer.concat); a smaller one sits in Buffer's pool.
      const whole = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength;
      const out = whole ? new Uint8Array(pdf.buffer as ArrayBuffer, 0, pdf.byteLength) : ownedBytes(pdf);
      parentPort?.postMessage({ id: request.id, ok: true, pdf: out } satisfies ReportPdfReply, [out.buffer]);
    },
    (error: unknown) =>
      parentPort?.postMessage({
        id: request.id,
        ok: false,
        code: error instanceof AppError ? error.code : null,
        message: error instanceof Error ? error.message : String(error),
      } satisfies ReportPdfReply),
  );
});
parentPort?.postMessage({ ready: true } satisfies ReportPdfWorkerMessage);
