import { EXPORT_ENDPOINTS, type ChartExportRequest } from '@ceppro/contract';
import { api } from '../../../../lib/api/index.ts';

/*
 * Export downloads. Each is made on the server from the saved record (the viewer saves pending
 * landmark edits first), so the file holds what the analysis table and the PDF report show.
 */

/** `POST /api/exports/chart`: one chart's measurements as CSV or XLSX. */
export function fetchChartExport(request: ChartExportRequest): Promise<Blob> {
  return api.call(EXPORT_ENDPOINTS.chart, request);
}

/**
 * `POST /api/exports/chart-landmarks`: the chart's AI and adjusted landmarks as JSON. The answer is
 * JSON, which the client reads as a document (`raw`), so it is written back out as the file.
 */
export async function fetchLandmarksExport(chartId: string): Promise<Blob> {
  const document = await api.call(EXPORT_ENDPOINTS.landmarks, { chart_id: chartId });
  return new Blob([`${JSON.stringify(document, null, 2)}\n`], { type: 'application/json' });
}
