import {
  buildExportRows,
  buildLandmarksDocument,
  exportAnalyses,
  EXPORT_MIME,
  rowsPerChart,
  type BatchExportRequest,
  type ChartExportRequest,
  type ExportFormat,
  type ExportRow,
  type LandmarksDocument,
} from '@ceppro/contract';
import type { Readable } from 'node:stream';
import { actorFor, type Actor, type ActorRef } from '../../access/index';
import { AppError } from '../../errors/app-error';
import type { EventBus } from '../../realtime/event-bus';
import { csvBuffer, csvStream, xlsxBuffer, xlsxStream } from './export-writers';
import type { ExportRepository } from './export.repository';

export interface ExportFile {
  readonly filename: string;
  readonly contentType: string;
  readonly body: Buffer;
}

export interface BatchExport {
  readonly filename: string;
  readonly contentType: string;
  /** Charts and rows the file will hold, known before the first byte. */
  readonly charts: number;
  readonly rows: number;
  readonly stream: Readable;
}

export interface ExportServiceDeps {
  exports: ExportRepository;
  events: EventBus;
  clock?: () => Date;
  /** Charts read, computed and written per step of a batch (memory is bounded by one page). */
  pageSize?: number;
}

const stamp = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Measurement and landmark exports. The access policy first: every export is `export` (403
 * ROLE_FORBIDDEN for an assistant); a chart outside the caller's space is NOT_FOUND, and a batch
 * reads only the space's patients (ids of anyone else's select nothing). A batch streams page by page
 * and tells the caller's sockets (only theirs) how far it has got.
 */
export function createExportService(deps: ExportServiceDeps) {
  const { exports, events, clock = () => new Date(), pageSize = 100 } = deps;
  /** One batch per user at a time: a big account's export cannot crowd out its own second one or others. */
  const running = new Set<number>();

  async function ownedChart(actor: Actor, chartId: string) {
    const chart = await exports.ownedChart(actor, chartId, await exports.defaultPpm(actor.userId));
    if (!chart) throw new AppError('NOT_FOUND');
    return chart;
  }

  return {
    /** One chart's measurements (the selected analysis or all built-in ones) as CSV or XLSX. */
    async chart(ref: ActorRef, request: ChartExportRequest & { analyses: 'selected' | 'all' }): Promise<ExportFile> {
      const actor = actorFor(ref, 'export');
      const analyses = exportAnalyses(request);
      if (!analyses)
        throw new AppError('VALIDATION_FAILED', 'Unknown analysis or measurement.', {
          field: request.measurement_ids ? 'measurement_ids' : 'analysis_id',
        });
      const chart = await ownedChart(actor, request.chart_id);
      const rows = buildExportRows(chart, analyses);
      const filename = `ceppro-measurements-${chart.chartId}.${request.format}`;
      return {
        filename,
        contentType: EXPORT_MIME[request.format],
        body: request.format === 'csv' ? csvBuffer(rows) : await xlsxBuffer(rows),
      };
    },

    /** One chart's landmarks, AI and adjusted side by side, as a JSON document. */
    async landmarks(ref: ActorRef, chartId: string): Promise<{ filename: string; document: LandmarksDocument }> {
      const chart = await ownedChart(actorFor(ref, 'export'), chartId);
      return { filename: `ceppro-landmarks-${chart.chartId}.json`, document: buildLandmarksDocument(chart, clock()) };
    },

    /**
     * Every measurement of the caller's charts (or of the named patients' charts), streamed. The
     * row count is known up front (charts x measurements of the chosen analyses); progress events
     * go to the caller's sockets after each page when the request names an `export_id`.
     */
    async batch(ref: ActorRef, request: BatchExportRequest & { format: ExportFormat }): Promise<BatchExport> {
      const actor = actorFor(ref, 'export');
      const { userId } = actor;
      const chosen = exportAnalyses({ analyses: 'all', analysis_ids: request.analysis_ids });
      if (!chosen) throw new AppError('VALIDATION_FAILED', 'Unknown analysis.', { field: 'analysis_ids' });
      const analyses = chosen;
      if (running.has(userId)) throw new AppError('TOO_MANY_REQUESTS', 'An export is already running for this account.');
      const patientIds = request.patient_ids === undefined ? null : [...new Set(request.patient_ids)];
      running.add(userId);
      let released = false;
      const release = () => {
        if (!released) running.delete(userId);
        released = true;
      };
      try {
        const [total, ppm] = await Promise.all([exports.countBatch(actor, patientIds), exports.defaultPpm(userId)]);
        // One publish at a time: on PostgreSQL each is a NOTIFY on whichever pooled connection is free,
        // so firing them together could deliver 220 after 240 and move the client's bar backwards.
        let sent: Promise<void> = Promise.resolve();
        const progress = (done: number) => {
          const exportId = request.export_id;
          if (exportId === undefined) return;
          sent = sent
            .then(() => events.publish(userId, { kind: 'event', event: { type: 'export.progress', exportId, done, total } }))
            .catch(() => undefined);
        };
        async function* pages(): AsyncGenerator<readonly ExportRow[]> {
          try {
            let after = 0;
            let done = 0;
            progress(0);
            for (;;) {
              const page = await exports.batchPage(actor, patientIds, after, pageSize, ppm);
              if (page.length === 0) break;
              yield page.flatMap((chart) => buildExportRows(chart, analyses));
              after = page[page.length - 1]?.ref ?? after;
              done += page.length;
              progress(Math.min(done, total));
              if (page.length < pageSize) break;
            }
          } finally {
            release();
          }
        }
        const stream = request.format === 'csv' ? csvStream(pages()) : xlsxStream(pages());
        // A client that goes away before the first page still frees the account's slot.
        stream.once('close', release);
        return {
          filename: `ceppro-measurements-${stamp(clock())}.${request.format}`,
          contentType: EXPORT_MIME[request.format],
          charts: total,
          rows: total * rowsPerChart(analyses),
          stream,
        };
      } catch (error) {
        release();
        throw error;
      }
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
