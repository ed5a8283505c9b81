import { useEffect } from 'react';
import { recordStore, useRecordStore, type DocumentKind, type DocumentRevision, type DocumentSpec } from './record-store.ts';

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
