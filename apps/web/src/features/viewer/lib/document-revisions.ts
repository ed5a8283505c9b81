import type { DocumentRevisions, RevisedDocumentName } from '@ceppro/contract';
import { ApiError } from '../../../lib/api/index.ts';
import { pushToast } from '../../../stores/toast-store.ts';

/**
 * The revision each of a record's documents had when this viewer last read or saved it (server cache
 * metadata, kept beside the query cache): a save names it as its base, so a save from a state another
 * user has changed since is refused (CONFLICT), while this user's saves in sequence each name what the
 * answer before gave. A feature notes only its own document's revision from an answer: noting another's
 * would make that feature's older copy look current.
 */
const known = new Map<string, string | null>();
const keyOf = (recordId: number, name: string) => `${recordId}:${name}`;

/** Notes the revision of `name` from an answer's `document_revisions` (absent: an older server; nothing noted). */
export function noteRevision(recordId: number, name: RevisedDocumentName, revisions: DocumentRevisions | null | undefined): void {
  if (!revisions) return;
  known.set(keyOf(recordId, name), revisions.documents[name] ?? null);
}

/** The `base_documents` of a save of `name`; null when it was never read here (the save names no base). */
export function baseOf(recordId: number, name: RevisedDocumentName): Record<string, string | null> | null {
  const key = keyOf(recordId, name);
  return known.has(key) ? { [name]: known.get(key) ?? null } : null;
}

/** Notes the revisions of these top-level keys of `drawing_result` (a key absent from the answer: absent, null). */
export function noteDrawingRevisions(recordId: number, keys: readonly string[], revisions: DocumentRevisions | null | undefined): void {
  if (!revisions) return;
  for (const key of keys) known.set(keyOf(recordId, `drawing.${key}`), revisions.drawing[key] ?? null);
}

/** The `base` of a merge of these keys of `drawing_result`; null when any was never read here. */
export function drawingBaseOf(recordId: number, keys: readonly string[]): Record<string, string | null> | null {
  const base: Record<string, string | null> = {};
  for (const key of keys) {
    const name = keyOf(recordId, `drawing.${key}`);
    if (!known.has(name)) return null;
    base[key] = known.get(name) ?? null;
  }
  return base;
}

/** The `base` variable of a save: left out when there is none (the save is then unconditional, as before revisions). */
export const baseArg = (base: Record<string, string | null> | null): { base?: Record<string, string | null> } => (base ? { base } : {});

/** A save refused because another user saved the same document since it was read. */
export const isStaleSave = (error: unknown): boolean => error instanceof ApiError && error.code === 'CONFLICT';

/**
 * Tells the user a save was refused as stale (another person changed this part of the chart) and
 * shows their version: `reload` reads the document afresh into the open viewer.
 */
export function showNewerVersion(reload: () => unknown): void {
  pushToast({ kind: 'warning', title: { key: 'viewer.documentConflictTitle' }, text: { key: 'viewer.documentConflict' } });
  void reload();
}

/** `showNewerVersion` when `error` is a stale save; returns whether it was. */
export function handleStaleSave(error: unknown, reload: () => unknown): boolean {
  if (!isStaleSave(error)) return false;
  showNewerVersion(reload);
  return true;
}
