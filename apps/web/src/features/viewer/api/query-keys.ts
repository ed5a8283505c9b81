/** Server-cache keys of the viewer's queries (one query client for the app, house style 9). */
export const viewerKeys = {
  chart: (uuid: string) => ['viewer', 'chart', uuid] as const,
  analysisRecord: (chartId: number) => ['viewer', 'analysis-record', chartId] as const,
  image: (chartId: string) => ['viewer', 'image', chartId] as const,
};
