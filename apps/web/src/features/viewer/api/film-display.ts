import type { FilmAdjustments } from '@ceppro/ceph';
import { filmDisplayPatch, filmDisplayRecordQuery, mergeDrawingResultMutation, readFilmAdjustments } from '@ceppro/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api/api-error.ts';
import { runOperation } from '../../../lib/api/graph-operation.ts';
import { cookieTokenStore } from '../../../lib/api/index.ts';

/** Server-cache key of a record's film display. */
export const filmDisplayKey = (recordId: number) => ['viewer', 'film-display', recordId] as const;

/** The film display stored with the chart (`drawing_result.film`); the defaults when none is stored. */
export function useStoredFilmDisplay(recordId: number | null) {
  return useQuery({
    queryKey: filmDisplayKey(recordId ?? -1),
    enabled: recordId !== null,
    queryFn: async (): Promise<FilmAdjustments> => {
      const record = (await runOperation(filmDisplayRecordQuery, { id: recordId ?? -1 })).analysis_records.items[0];
      if (record === undefined) throw new ApiError('NOT_FOUND', 'No such analysis record.', 404, false);
      return readFilmAdjustments(record.drawing_result);
    },
    // Filled by the viewer's first paint (use-viewer-first-paint.ts): opening the viewer does not ask again.
    staleTime: 60_000,
    retry: false,
  });
}

/**
 * Stores the film display with the chart: the server sets only the `film` key of `drawing_result`
 * (the drawing pad's shapes and the measurements beside it stay). No base revision: the display is
 * the last one chosen, and two people adjusting the same film have nothing to merge.
 */
export async function saveFilmDisplay(recordId: number, adjustments: FilmAdjustments): Promise<FilmAdjustments> {
  const saved = await runOperation(mergeDrawingResultMutation, { id: recordId, patch: filmDisplayPatch(adjustments) });
  return readFilmAdjustments(saved.merge_drawing_result.drawing_result);
}

/** The same save while the page is being closed (a `keepalive` fetch, best effort; see save-landmarks.ts). */
export function saveFilmDisplayOnUnload(recordId: number, adjustments: FilmAdjustments): void {
  const token = cookieTokenStore.token();
  if (token === null) return;
  void fetch('/graphql', {
    method: 'POST',
    keepalive: true,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: mergeDrawingResultMutation.document, variables: { id: recordId, patch: filmDisplayPatch(adjustments) } }),
  }).catch(() => undefined);
}
