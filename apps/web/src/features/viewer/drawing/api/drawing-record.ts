import { drawingRecordQuery, drawingSetsPatch, mergeDrawingResultMutation } from '@ceppro/contract';
import { runOperation } from '../../../../lib/api/graph-operation.ts';
import { drawingDocument } from '../../documents/document-revisions.ts';
import { saveDocument, saveDocumentOnUnload } from '../../documents/save-document.ts';
import type { DrawingRecordSnapshot, DrawingSaveApi } from '../lib/drawing-save.ts';
import type { DrawingSets } from '../store/drawing-store.ts';

/**
 * The record's revision and whole `drawing_result`; null when it is gone (or not the caller's). `signal`
 * aborts the request (the viewer closed before the answer came).
 */
export async function readDrawingRecord(recordId: number, signal?: AbortSignal): Promise<DrawingRecordSnapshot | null> {
  const data = await runOperation(drawingRecordQuery, { id: recordId }, signal ? { signal } : {});
  const item = data.analysis_records.items[0];
  return item ? { revision: item.revision, drawingResult: item.drawing_result, revisions: item.document_revisions ?? null } : null;
}

/** The pad's keys of `drawing_result` whose revisions a save names (`version` is everyone's). */
export const PAD_KEYS = ['coords', 'superimpositionCoords'] as const;

/** The pad's document: its keys of the record's `drawing_result`. */
export const padDocument = (recordId: number) => drawingDocument(recordId, PAD_KEYS);

/**
 * The pad's sets are saved from the revisions of its keys as loaded or last saved here (not as read
 * just before the save): a save over shapes someone saved since is refused with CONFLICT, and then
 * `reload` shows theirs.
 */
export const drawingSaveApiFor = (reload: () => unknown): DrawingSaveApi => ({
  read: (recordId) => readDrawingRecord(recordId),
  write: async (id, patch) => {
    await saveDocument({
      document: padDocument(id),
      send: (base) => runOperation(mergeDrawingResultMutation, { id, patch, ...base }),
      revisions: (data) => data.merge_drawing_result.document_revisions,
      reload,
    });
  },
});

/**
 * The save while the page is being closed (a `keepalive` fetch outlives the page; no answer is
 * awaited): the pad's keys merged on the server like any save, a best effort like the landmarks'
 * unload save. The record store sends none when the document read is of a version this code may not write.
 */
export function saveDrawingsOnUnload(recordId: number, sets: DrawingSets): void {
  const patch = drawingSetsPatch({ coords: [...sets.coords], superimpositionCoords: [...sets.superimpositionCoords] });
  saveDocumentOnUnload(padDocument(recordId), mergeDrawingResultMutation.document, { id: recordId, patch });
}
