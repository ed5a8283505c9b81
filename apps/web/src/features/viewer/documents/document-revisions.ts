import type { DocumentRevisions, RevisedDocumentName } from '@ceppro/contract';

/**
 * The revision each of a record's documents had when this viewer last read or saved it (server cache
 * metadata, kept beside the query cache): a save names it as its base, so a save from a state another
 * user (or another tab) has changed since is refused (CONFLICT), while this viewer's saves in sequence
 * each name what the answer before gave. A feature notes only its own document's revision from an
 * answer: noting another's would make that feature's older copy look current.
 */
const known = new Map<string, string | null>();
const keyOf = (recordId: number, name: string) => `${recordId}:${name}`;

/**
 * Which stored document a save writes: a column of the analysis record, or some top-level keys of
 * `drawing_result` (which the drawing pad, the measuring tools, the film display and the norm choice
 * share, the server merging and checking them key by key).
 */
export type DocumentRef = { recordId: number; column: RevisedDocumentName } | { recordId: number; drawingKeys: readonly string[] };

/** A save's base variable: `base_documents` of `update_analysis_record`, or `base` of `merge_drawing_result`. */
export type DocumentBase = Record<string, string | null>;

const names = (doc: DocumentRef): Array<[string, (revisions: DocumentRevisions) => string | null]> =>
  'column' in doc
    ? [[doc.column, (r) => r.documents[doc.column] ?? null]]
    : doc.drawingKeys.map((key) => [`drawing.${key}`, (r) => r.drawing[key] ?? null]);

/** Notes the revision of `doc` from an answer's `document_revisions` (absent: an older server; nothing noted). */
export function noteRevisions(doc: DocumentRef, revisions: DocumentRevisions | null | undefined): void {
  if (!revisions) return;
  for (const [name, read] of names(doc)) known.set(keyOf(doc.recordId, name), read(revisions));
}

/** The base of a save of `doc`: the revisions last noted; null when any was never read here. */
export function baseOf(doc: DocumentRef): DocumentBase | null {
  const base: DocumentBase = {};
  for (const [name] of names(doc)) {
    const key = keyOf(doc.recordId, name);
    if (!known.has(key)) return null;
    base[name.replace(/^drawing\./, '')] = known.get(key) ?? null;
  }
  return base;
}

/** The `base` variable of a save: left out when there is none (the save is then unconditional, as before revisions). */
export const baseArg = (base: DocumentBase | null): { base?: DocumentBase } => (base ? { base } : {});

/** Shorthands for the two kinds of document. */
export const columnDocument = (recordId: number, column: RevisedDocumentName): DocumentRef => ({ recordId, column });
export const drawingDocument = (recordId: number, drawingKeys: readonly string[]): DocumentRef => ({ recordId, drawingKeys });
