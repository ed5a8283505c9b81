import { drawingRecordQuery, mergeDrawingResult, saveDrawingResultMutation } from '@ceppro/contract';
import { runOperation } from '../../../../lib/api/graph-operation.ts';
import { cookieTokenStore } from '../../../../lib/api/index.ts';
import type { DrawingRecordSnapshot, DrawingSaveApi } from '../lib/drawing-save.ts';
import type { DrawingSets } from '../store/drawing-store.ts';

/** The record's revision and whole `drawing_result`; null when it is gone (or not the caller's). */
export async function readDrawingRecord(recordId: number): Promise<DrawingRecordSnapshot | null> {
  const data = await runOperation(drawingRecordQuery, { id: recordId });
  const item = data.analysis_records.items[0];
  return item ? { revision: item.revision, drawingResult: item.drawing_result } : null;
}

export const drawingSaveApi: DrawingSaveApi = {
  read: readDrawingRecord,
  write: async (id, document, base) => {
    await runOperation(saveDrawingResultMutation, { id, input: { drawing_result: document }, base });
  },
};

/**
 * The save while the page is being closed (a `keepalive` fetch outlives the page; no answer is
 * awaited): merged into the document as last read, a best effort like the landmarks' unload save.
 */
export function saveDrawingsOnUnload(recordId: number, sets: DrawingSets, last: DrawingRecordSnapshot): void {
  const token = cookieTokenStore.token();
  if (token === null) return;
  const document = mergeDrawingResult(last.drawingResult, { coords: [...sets.coords], superimpositionCoords: [...sets.superimpositionCoords] });
  void fetch('/graphql', {
    method: 'POST',
    keepalive: true,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: saveDrawingResultMutation.document, variables: { id: recordId, input: { drawing_result: document }, base: last.revision } }),
  }).catch(() => undefined);
}
