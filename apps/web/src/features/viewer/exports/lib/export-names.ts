import type { ExportFormat } from '@ceppro/contract';

export const chartExportName = (chartId: string, format: ExportFormat) => `ceppro-measurements-${chartId}.${format}`;
export const landmarksExportName = (chartId: string) => `ceppro-landmarks-${chartId}.json`;
