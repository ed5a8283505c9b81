import type { DocumentRevisions } from '@ceppro/contract';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { baseOf, noteRevisions, type DocumentBase, type DocumentRef } from './document-revisions.ts';
import { recordStore, useRecordStore, type DocumentKind, type DocumentRevision, type DocumentSpec } from './record-store.ts';
import { saveDocument } from './save-document.ts';

/**
 * A record document read by a server query and then held by the record store (documents/record-store.ts):
 * the first answer for the open record is loaded into the store, and from then on the store's value (with
 * the user's edits, undo and redo) is what is shown. Returns the value to show: the held one, else `data`.
 */
export function useHeldDocument<T>(kind: DocumentKind, recordId: number | null, data: T | undefined, revision: () => DocumentRevision) {
  const open = useRecordStore((s) => s.recordId);
  const held = useRecordStore((s) => recordId !== null && s.recordId === recordId && s.docs[kind] !== undefined);
  const value = useRecordStore((s) => (held ? (s.docs[kind]?.value as T) : undefined));
  useEffect(() => {
    // Loaded into the open record (the landmarks open it), or opening it when none is: never replacing another one.
    if (held || recordId === null || data === undefined || (open !== null && open !== recordId)) return;
    recordStore.load(kind, recordId, data, revision());
    // `revision` reads the revision noted with `data` (a new function each render is not a new document).
  }, [held, open, recordId, data, kind]);
  return { held, value: held ? value : data };
}

/** Registers how `kind` is saved while the calling component is mounted (for the open record `recordId`). */
export function useDocumentSpec<T>(kind: DocumentKind, recordId: number | null, spec: (recordId: number) => DocumentSpec<T>): void {
  useEffect(() => {
    if (recordId === null) return;
    return recordStore.register<T>(kind, spec(recordId));
    // The spec is built once per record; what it calls reads the current state itself.
  }, [kind, recordId]);
}

/** The save state a panel shows for `kind` ('idle' before any edit of the open record). */
export function useDocumentSaveState(kind: DocumentKind): 'idle' | 'saving' | 'saved' | 'error' {
  return useRecordStore((s) => {
    const status = s.docs[kind]?.status ?? 'clean';
    return status === 'clean' ? 'idle' : status;
  });
}

/**
 * Makes sure the store holds `kind` of the open record `recordId` before an edit (an edit may come
 * before the query's answer was loaded): reads it with `read` when it is not held. False when another
 * record is open (the edit is then not for this viewer).
 */
export async function ensureHeld<T>(
  kind: DocumentKind,
  recordId: number,
  read: () => Promise<T>,
  revision: () => DocumentRevision,
): Promise<boolean> {
  const holds = () => recordStore.getState().recordId === recordId && recordStore.getState().docs[kind] !== undefined;
  if (holds()) return true;
  const stored = await read();
  const open = recordStore.getState().recordId;
  if (open !== null && open !== recordId) return false;
  if (!holds()) recordStore.load(kind, recordId, stored, revision());
  return true;
}

/**
 * A record document read by its own server query and held by the record store (the ruler, the norm
 * choice, the tracing templates' offsets, the growth forecast choice): how it is keyed, read and saved.
 */
export interface QueryDocument<T, A> {
  kind: DocumentKind;
  /** Server-cache key of the document's query (the viewer's first paint may fill it). */
  queryKey: (recordId: number) => QueryKey;
  /** The stored document a save writes (a column, or keys of `drawing_result`). */
  ref: (recordId: number) => DocumentRef;
  /** Reads the stored value with the record's `document_revisions` (undefined: no record); `signal`: the query's. */
  read: (recordId: number, signal?: AbortSignal) => Promise<{ value: T; revisions: DocumentRevisions | null | undefined }>;
  /** Sends the save of `value`, its base variable spread into the operation's variables. */
  send: (recordId: number, value: T, base: { base?: DocumentBase }) => Promise<A>;
  /** The answer's `document_revisions`. */
  revisions: (answer: A) => DocumentRevisions | null | undefined;
  /** Whether a failed read is retried (react-query's default when absent). */
  retry?: boolean;
}

/** Declares a query-read document (its value and answer types inferred from `read` and `send`). */
export const queryDocument = <T, A>(doc: QueryDocument<T, A>): QueryDocument<T, A> => doc;

/** Reads `doc` of `recordId`, noting its revision (the base of the next save). */
export async function readQueryDocument<T, A>(doc: QueryDocument<T, A>, recordId: number, signal?: AbortSignal): Promise<T> {
  const { value, revisions } = await doc.read(recordId, signal);
  noteRevisions(doc.ref(recordId), revisions);
  return value;
}

/**
 * A query-read document of the open record: read once by its query, then held by the record store
 * (its value with the user's edits, undo and redo) and saved through the one save path (`saveDocument`)
 * from the revision last read or saved here; a save refused because someone saved it since reads theirs
 * into the query cache and the store. Returns the value to show (`value`), whether the store holds it
 * (`held`) and the query.
 */
export function useQueryHeldDocument<T, A>(doc: QueryDocument<T, A>, recordId: number | null) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: doc.queryKey(recordId ?? -1),
    enabled: recordId !== null,
    queryFn: ({ signal }) => readQueryDocument(doc, recordId ?? -1, signal),
    staleTime: 60_000,
    ...(doc.retry === undefined ? {} : { retry: doc.retry }),
  });
  const held = useHeldDocument<T>(doc.kind, recordId, query.data, () => baseOf(doc.ref(recordId ?? -1)));
  useDocumentSpec<T>(doc.kind, recordId, (id) => ({
    save: async (value) => {
      await saveDocument({
        document: doc.ref(id),
        send: (base) => doc.send(id, value, base),
        revisions: doc.revisions,
        reload: async () => {
          const stored = await readQueryDocument(doc, id);
          client.setQueryData(doc.queryKey(id), stored);
          recordStore.reload(doc.kind, id, stored, baseOf(doc.ref(id)));
        },
      });
      return baseOf(doc.ref(id));
    },
  }));
  return { ...held, query };
}

/**
 * Stores `value` as an edit of `doc` of the open record `recordId`, saved at once (reading the document
 * first when an edit comes before the query's answer). False when another record is open (the edit is
 * then not for this viewer); throws when the save failed or was refused.
 */
export async function saveQueryDocument<T, A>(doc: QueryDocument<T, A>, recordId: number, value: T): Promise<boolean> {
  const read = () => readQueryDocument(doc, recordId);
  if (!(await ensureHeld(doc.kind, recordId, read, () => baseOf(doc.ref(recordId))))) return false;
  recordStore.edit(doc.kind, value);
  await recordStore.flush(doc.kind);
  if (recordStore.getState().docs[doc.kind]?.status === 'error') throw new Error(`The ${doc.kind} document was not stored`);
  return true;
}
