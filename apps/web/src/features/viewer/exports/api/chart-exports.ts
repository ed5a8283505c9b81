import { EXPORT_ENDPOINTS, type ChartExportRequest } from '@ceppro/contract';
import { api } from '../../../../lib/api/index.ts';

/*
 * Export downloads. Each is made on the server from the saved record (the viewer saves pending
 * landmark edits first), so the file holds what the analysis table and the PDF report show.
 */

/** `POST /api/exports/chart`: one chart's measurements as CSV or XLSX. */
export function fetchChartExport(request: ChartExportRequest): Promise<Blob> {
  return api.post<Blob>(EXPORT_ENDPOINTS.chart.path, {}, { auth: true, json: request, binary: true, idempotent: true });
}

/**
 * `POST /api/exports/chart-landmarks`: the chart's AI and adjusted landmarks as JSON. The answer is
 * JSON, which the client reads as a document (`raw`), so it is written back out as the file.
 */
export async function fetchLandmarksExport(chartId: string): Promise<Blob> {
  const document = await api.post<unknown>(
    EXPORT_ENDPOINTS.landmarks.path,
    {},
    { auth: true, json: { chart_id: chartId }, raw: true, idempotent: true },
  );
  return new Blob([`${JSON.stringify(document, null, 2)}\n`], { type: 'application/json' });
}
