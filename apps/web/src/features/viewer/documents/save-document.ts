import { GRAPHQL_ENDPOINTS, type DocumentRevisions } from '@ceppro/contract';
import { ApiError, api } from '../../../lib/api/index.ts';
import { pushToast } from '../../../stores/toast-store.ts';
import { baseArg, baseOf, noteRevisions, type DocumentBase, type DocumentRef } from './document-revisions.ts';

/**
 * The one save path of the analysis record's documents (VTO/STO, superimposition, profilogram, ruler,
 * drawing pad, measurements, film display, norm choice): every save names the revision its document
 * was last read or saved at, the server refuses it with CONFLICT when someone (another member, another
 * tab) saved that document since, and then the user is told and sees the newer stored state instead of
 * the refused edits. The landmarks keep their own path (the record's `revision`, save-landmarks.ts),
 * which their undo history depends on.
 */
export interface DocumentSave<T> {
  document: DocumentRef;
  /** Sends the save with its base variable spread into the operation's variables. */
  send: (base: { base?: DocumentBase }) => Promise<T>;
  /** The answer's `document_revisions` (the revision the next save names). */
  revisions: (answer: T) => DocumentRevisions | null | undefined;
  /** Reads the stored (newer) document into the open viewer after a refusal, replacing the local one. */
  reload: () => unknown;
}

/** A save refused because someone saved the same document since it was read. */
export const isStaleSave = (error: unknown): boolean => error instanceof ApiError && error.code === 'CONFLICT';

/** A save refused because it named no revision (this viewer never read the document's): nothing was written. */
export const isUnbasedSave = (error: unknown): boolean => error instanceof ApiError && error.code === 'REVISION_REQUIRED';

/**
 * Tells the user a save was refused as stale (someone else changed this part of the chart) and shows
 * their version: `reload` reads the document afresh into the open viewer.
 */
export function showNewerVersion(reload: () => unknown): void {
  pushToast({ kind: 'warning', title: { key: 'viewer.documentConflictTitle' }, text: { key: 'viewer.documentConflict' } });
  void reload();
}

/**
 * Saves one document from its last known revision and notes the answer's revision. A refused save
 * (CONFLICT) shows the message and reloads the newer state; every failure is thrown on to the caller,
 * whose save status shows it.
 */
export async function saveDocument<T>(save: DocumentSave<T>): Promise<T> {
  let answer: T;
  try {
    answer = await save.send(baseArg(baseOf(save.document)));
  } catch (error) {
    if (isStaleSave(error)) showNewerVersion(save.reload);
    else if (isUnbasedSave(error)) {
      pushToast({
        kind: 'warning',
        title: { key: 'viewer.documentRevisionRequiredTitle' },
        text: { key: 'viewer.documentRevisionRequired' },
      });
      void save.reload();
    }
    throw error;
  }
  noteRevisions(save.document, save.revisions(answer));
  return answer;
}

/**
 * The same save while the page is being closed: a best-effort `keepalive` request (it outlives the
 * page; no answer is awaited), from the same base revision, so it too cannot overwrite a newer state.
 */
export function saveDocumentOnUnload(document: DocumentRef, query: string, variables: Record<string, unknown>): void {
  const input = { query, variables: { ...variables, ...baseArg(baseOf(document)) } };
  api.call(GRAPHQL_ENDPOINTS.mutation, input, { background: true, keepalive: true }).catch(() => undefined);
}
