/** Server-cache keys of the Superimposition tab (one query client for the app, docs/house-rules.md §9). */
export const superimpositionKeys = {
  data: (recordId: number) => ['viewer', 'superimposition', 'data', recordId] as const,
  films: (patientId: number) => ['viewer', 'superimposition', 'films', patientId] as const,
  thumbnail: (chartId: string) => ['viewer', 'superimposition', 'thumbnail', chartId] as const,
  result: (chartIds: readonly string[], method: string, frame: string) =>
    ['viewer', 'superimposition', 'result', frame, method, ...chartIds] as const,
};
