import { GRAPHQL_ENDPOINTS, type DocumentRevisions } from '@ceppro/contract';
import { ApiError, api } from '../../../lib/api/index.ts';
import { pushToast } from '../../../stores/toast-store.ts';
import { baseArg, baseOf, noteRevisions, type DocumentBase, type DocumentRef } from './document-revisions.ts';

/**
 * The one save path of the analysis record's documents (landmarks, VTO/STO, superimposition,
 * profilogram, ruler, drawing pad, measurements, film display, norm choice, growth choice, templates):
 * every save names the revision its document was last read or saved at, the server refuses it with
 * CONFLICT when someone (another member, another tab) saved that document since, and then the user is
 * told and sees the newer stored state instead of the refused edits.
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

/**
 * The landmarks' save: its precondition is the record's `revision` (`base_revision`), which the record
 * store holds as the landmarks document's revision. Not a document revision like the others: a new AI
 * result or a film change moves the record revision too, and must refuse landmark edits made before it
 * (the md5 of the stored landmarks would not change). The answer's revision is the caller's to keep.
 */
export interface RecordRevisionSave<T> {
  recordRevision: number;
  send: (base: { base: number }) => Promise<T>;
  reload: () => unknown;
}

type Toast = Pick<Parameters<typeof pushToast>[0], 'title' | 'text'>;
const DOCUMENT_CONFLICT: Toast = { title: { key: 'viewer.documentConflictTitle' }, text: { key: 'viewer.documentConflict' } };
/** The spec's message for refused landmark edits (they are dropped, the chart read afresh). */
const LANDMARK_CONFLICT: Toast = { title: { key: 'viewer.saveConflictTitle' }, text: { key: 'viewer.saveConflict' } };

/** A save refused because someone saved the same document since it was read. */
export const isStaleSave = (error: unknown): boolean => error instanceof ApiError && error.code === 'CONFLICT';

/** A save refused because it named no revision (this viewer never read the document's): nothing was written. */
export const isUnbasedSave = (error: unknown): boolean => error instanceof ApiError && error.code === 'REVISION_REQUIRED';

/**
 * Tells the user a save was refused as stale (someone else changed this part of the chart) and shows
 * their version: `reload` reads the document afresh into the open viewer.
 */
export function showNewerVersion(reload: () => unknown, message: Toast = DOCUMENT_CONFLICT): void {
  pushToast({ kind: 'warning', ...message });
  void reload();
}

/**
 * Saves one document from its last known revision and notes the answer's revision. A refused save
 * (CONFLICT) shows the message and reloads the newer state; every failure is thrown on to the caller,
 * whose save status shows it.
 */
export function saveDocument<T>(save: DocumentSave<T>): Promise<T>;
export function saveDocument<T>(save: RecordRevisionSave<T>): Promise<T>;
export async function saveDocument<T>(save: DocumentSave<T> | RecordRevisionSave<T>): Promise<T> {
  const landmarks = 'recordRevision' in save;
  let answer: T;
  try {
    answer = await (landmarks ? save.send({ base: save.recordRevision }) : save.send(baseArg(baseOf(save.document))));
  } catch (error) {
    if (isStaleSave(error)) showNewerVersion(save.reload, landmarks ? LANDMARK_CONFLICT : DOCUMENT_CONFLICT);
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
  if (!landmarks) noteRevisions(save.document, save.revisions(answer));
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
