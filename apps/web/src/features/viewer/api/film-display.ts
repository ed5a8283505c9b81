import type { FilmAdjustments } from '@ceppro/ceph';
import {
  FILM_DISPLAY_KEY,
  filmDisplayPatch,
  filmDisplayRecordQuery,
  mergeDrawingResultMutation,
  readFilmAdjustments,
} from '@ceppro/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api/api-error.ts';
import { runOperation } from '../../../lib/api/graph-operation.ts';
import { baseOf, drawingDocument, noteRevisions } from '../documents/document-revisions.ts';
import { saveDocument, saveDocumentOnUnload } from '../documents/save-document.ts';

/** Server-cache key of a record's film display. */
export const filmDisplayKey = (recordId: number) => ['viewer', 'film-display', recordId] as const;

/** The film display stored with the chart (`drawing_result.film`); the defaults when none is stored. */
export function useStoredFilmDisplay(recordId: number | null) {
  return useQuery({
    queryKey: filmDisplayKey(recordId ?? -1),
    enabled: recordId !== null,
    queryFn: async ({ signal }): Promise<FilmAdjustments> => {
      const record = (await runOperation(filmDisplayRecordQuery, { id: recordId ?? -1 }, { signal })).analysis_records.items[0];
      if (record === undefined) throw new ApiError('NOT_FOUND', 'No such analysis record.', 404, false);
      noteRevisions(filmDocument(record.id), record.document_revisions);
      return readFilmAdjustments(record.drawing_result);
    },
    // Filled by the viewer's first paint (use-viewer-first-paint.ts): opening the viewer does not ask again.
    staleTime: 60_000,
    retry: false,
  });
}

/** The film display's place in the record: the `film` key of `drawing_result`. */
const filmDocument = (recordId: number) => drawingDocument(recordId, [FILM_DISPLAY_KEY]);

/** The revision the next save of the film display names (as last read or saved here). */
export const filmDisplayRevision = (recordId: number) => baseOf(filmDocument(recordId));

/**
 * Stores the film display with the chart: the server sets only the `film` key of `drawing_result`
 * (the drawing pad's shapes and the measurements beside it stay), from the revision last read or
 * saved here: refused (CONFLICT) when someone saved another display since, and then `reload` shows it.
 */
export async function saveFilmDisplay(recordId: number, adjustments: FilmAdjustments, reload: () => unknown): Promise<FilmAdjustments> {
  const saved = await saveDocument({
    document: filmDocument(recordId),
    send: (base) => runOperation(mergeDrawingResultMutation, { id: recordId, patch: filmDisplayPatch(adjustments), ...base }),
    revisions: (answer) => answer.merge_drawing_result.document_revisions,
    reload,
  });
  return readFilmAdjustments(saved.merge_drawing_result.drawing_result);
}

/** The same save while the page is being closed (a `keepalive` fetch, best effort, from the same base). */
export function saveFilmDisplayOnUnload(recordId: number, adjustments: FilmAdjustments): void {
  saveDocumentOnUnload(filmDocument(recordId), mergeDrawingResultMutation.document, { id: recordId, patch: filmDisplayPatch(adjustments) });
}
