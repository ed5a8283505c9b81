import { userConfigKeys } from '../../../lib/api/user-config-keys.ts';

/** Server-cache keys of the viewer's queries (one query client for the app, docs/house-rules.md §9). */
export const viewerKeys = {
  chart: (uuid: string) => ['viewer', 'chart', uuid] as const,
  /** The first paint's one request (chart, record, film, settings), which fills the keys below. */
  firstPaint: (uuid: string) => ['viewer', 'first-paint', uuid] as const,
  /** The record as last read (the first paint) or saved (autosave). */
  analysisRecord: (chartId: number) => ['viewer', 'analysis-record', chartId] as const,
  /** By chart_data id too: a changed image is a new row, so the viewer never pairs new landmarks with an old picture. */
  displayConfig: () => userConfigKeys.viewerDisplay,
  image: (chartId: string, chartDataId: number) => ['viewer', 'image', chartId, chartDataId] as const,
};
