/**
 * The record's one undo/redo history (documents/record-store.ts): an entry names the document it
 * changed and its value before and after, so undo walks back across documents in the order edited.
 */

/** Keeps undo memory bounded on long sessions; 200 steps is far more than anyone walks back. */
export const HISTORY_LIMIT = 200;

export interface HistoryEntry<K = string> {
  readonly kind: K;
  readonly before: unknown;
  readonly after: unknown;
  /** Successive edits with the same key (a slider being dragged) make one entry. */
  readonly merge?: string;
}

export interface History<K> {
  readonly past: readonly HistoryEntry<K>[];
  readonly future: readonly HistoryEntry<K>[];
}

/**
 * The history after an edit of `kind` from `before` to `after`: a new entry (the redo steps dropped),
 * or the last entry extended when it has the same `merge` key and nothing was undone since.
 */
export function recordEdit<K>(h: History<K>, kind: K, before: unknown, after: unknown, merge?: string): History<K> {
  const head = h.past[h.past.length - 1];
  const merging = merge !== undefined && head?.kind === kind && head.merge === merge && h.future.length === 0;
  const entry: HistoryEntry<K> = { kind, before: merging ? head.before : before, after, merge };
  return { past: [...(merging ? h.past.slice(0, -1) : h.past), entry].slice(-HISTORY_LIMIT), future: [] };
}

/** The entry an undo ('past') or redo ('future') applies, with the history after it; null when there is none. */
export function stepHistory<K>(
  h: History<K>,
  from: 'past' | 'future',
): { entry: HistoryEntry<K>; value: unknown; next: History<K> } | null {
  const entry = from === 'past' ? h.past[h.past.length - 1] : h.future[0];
  if (!entry) return null;
  const next =
    from === 'past' ? { past: h.past.slice(0, -1), future: [entry, ...h.future] } : { past: [...h.past, entry], future: h.future.slice(1) };
  return { entry, value: from === 'past' ? entry.before : entry.after, next };
}

/** The history without `kind`'s entries (the document was read again or forgotten). */
export function withoutKind<K>(h: History<K>, kind: K): History<K> {
  const keep = (e: HistoryEntry<K>) => e.kind !== kind;
  return { past: h.past.filter(keep), future: h.future.filter(keep) };
}
