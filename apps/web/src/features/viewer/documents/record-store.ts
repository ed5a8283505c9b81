import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { recordEdit, stepHistory, withoutKind, type HistoryEntry as Entry } from './record-history.ts';
import { isStaleSave } from './save-document.ts';
import { createSaveScheduler, systemClock, type SchedulerClock } from './save-scheduler.ts';

export { HISTORY_LIMIT } from './record-history.ts';
export type { SchedulerClock } from './save-scheduler.ts';

/**
 * The one document engine of the open analysis record (viewer state, docs/house-rules.md §9): every
 * document the viewer edits (landmarks, drawing pad, VTO/STO, superimposition, film display, free
 * measurements, profilogram, ruler, norm choice, growth forecast choice, tracing templates) is held here by
 * kind with the revision its next save names, edited through one undo/redo history (an entry names
 * the document and its before/after, so Ctrl+Z undoes the last edit whatever document it touched) and
 * saved by one autosave scheduler (the history is record-history.ts, the timing save-scheduler.ts).
 * Feature stores mirror the value of their document; the save itself is each kind's `DocumentSpec`
 * (its `save` goes through `save-document.ts`, the landmarks' naming the record revision), registered
 * by the feature while the viewer shows the record.
 */
export type DocumentKind =
  | 'landmarks'
  | 'drawing'
  | 'vto'
  | 'superimposition'
  | 'film'
  | 'measurements'
  | 'profilogram'
  | 'ruler'
  | 'norm-choice'
  | 'growth'
  | 'templates';

export type DocumentSaveStatus = 'clean' | 'saving' | 'saved' | 'error';

/** The base revision a document's next save names: the record revision (landmarks) or the document revisions. */
export type DocumentRevision = number | Readonly<Record<string, string | null>> | null;

export interface RecordDocument<T = unknown> {
  readonly value: T;
  /** The value as the record holds it (loaded, or last saved). */
  readonly stored: T;
  readonly revision: DocumentRevision;
  /** The value differs from the stored one. */
  readonly dirty: boolean;
  readonly status: DocumentSaveStatus;
}

export type HistoryEntry = Entry<DocumentKind>;

export interface RecordState {
  /** The analysis record the documents belong to. */
  readonly recordId: number | null;
  readonly docs: Readonly<Partial<Record<DocumentKind, RecordDocument>>>;
  readonly past: readonly HistoryEntry[];
  readonly future: readonly HistoryEntry[];
}

/** How one kind of document is compared, saved and told about a refused save. */
export interface DocumentSpec<T> {
  /** Stores `value` from `revision`; resolves with the revision the next save names (undefined: unchanged). */
  save(value: T, at: { recordId: number; revision: DocumentRevision }): Promise<DocumentRevision | undefined>;
  /** The best-effort save while the page closes (keepalive, no answer awaited). */
  saveOnUnload?(value: T, at: { recordId: number; revision: DocumentRevision }): void;
  /** Equal documents (an edit undone, moved away and back) are nothing to save. Default: the same JSON. */
  same?(a: T, b: T): boolean;
  /** After an edit: save in `n` ms, or null to wait for the next flush (leaving the tab). Default 0. */
  delayMs?(): number | null;
  /** Whether saving is allowed now (false: a stored version this code may not write; edits stay local). */
  canSave?(): boolean;
  /** Whether the user may change this document now (undo/redo of its entries is refused otherwise). */
  editable?(): boolean;
  /**
   * The save was refused as stale (CONFLICT): tell the user and read the newer state (a `load` of it).
   * Not needed for kinds that save through `saveDocument`, which does both itself.
   */
  onConflict?(): void;
  /** Any other failure (the document's status says 'error'). */
  onFailure?(error: unknown): void;
}

export interface EditOptions {
  /** false: a change that is saved but not undoable (derived state kept with the document). Default true. */
  history?: boolean;
  merge?: string;
  /** Overrides the kind's `delayMs` for this edit. */
  delayMs?: number | null;
}

export interface RecordStore extends StoreApi<RecordState> {
  register<T>(kind: DocumentKind, spec: DocumentSpec<T>): () => void;
  /** The stored document as read (or read again after a refusal): replaces the local one, drops its history entries. */
  load<T>(kind: DocumentKind, recordId: number, value: T, revision: DocumentRevision): void;
  /**
   * The newer state read after a refused save: loaded like `load`, but only while `recordId` is still the open
   * record. By the time the answer comes the viewer may show another chart, whose documents must stay. False when ignored.
   */
  reload<T>(kind: DocumentKind, recordId: number, value: T, revision: DocumentRevision): boolean;
  /** Forgets one document (or, without a kind, the whole record: another chart opened). */
  forget(kind?: DocumentKind): void;
  edit<T>(kind: DocumentKind, next: T, options?: EditOptions): void;
  undo(): void;
  redo(): void;
  canUndo(): boolean;
  canRedo(): boolean;
  /** Saves now what is unsaved (one kind, or all); waits for saves in flight first. */
  flush(kind?: DocumentKind): Promise<void>;
  /** Resolves when no save is running. */
  settled(): Promise<void>;
  /** The page is closing: best-effort saves of everything unsaved. */
  unload(): void;
  value<T>(kind: DocumentKind): T | undefined;
}

const jsonSame = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

const EMPTY: RecordState = { recordId: null, docs: {}, past: [], future: [] };

export function createRecordStore(clock: SchedulerClock = systemClock): RecordStore {
  const store = createStore<RecordState>()(() => EMPTY);
  // Several components may register a kind at once (a layer and its panel): the last registered is used.
  const registered = new Map<DocumentKind, DocumentSpec<unknown>[]>();
  const specs = { get: (kind: DocumentKind) => registered.get(kind)?.at(-1) };
  const { getState, setState } = store;

  const same = (kind: DocumentKind, a: unknown, b: unknown) => (specs.get(kind)?.same ?? jsonSame)(a, b);
  const setDoc = (kind: DocumentKind, patch: Partial<RecordDocument>, extra: Partial<RecordState> = {}) => {
    const doc = getState().docs[kind];
    if (!doc) return;
    setState({ ...extra, docs: { ...getState().docs, [kind]: { ...doc, ...patch } } });
  };
  /** Saves `kind` after the edit's delay (`delay`), else the kind's own (default at once). */
  const schedule = (kind: DocumentKind, delay: number | null | undefined) => {
    const spec = specs.get(kind);
    scheduler.schedule(kind, delay !== undefined ? delay : spec?.delayMs ? spec.delayMs() : 0);
  };
  /** Sets a document's value (an edit, undo or redo): dirty when it differs from the stored one. */
  const apply = (kind: DocumentKind, value: unknown, extra: Partial<RecordState>) => {
    const doc = getState().docs[kind];
    if (!doc) return;
    const dirty = !same(kind, value, doc.stored);
    const status = doc.status === 'saved' && dirty ? 'clean' : doc.status;
    setDoc(kind, { value, dirty, status }, extra);
  };

  const once = async (kind: DocumentKind) => {
    const spec = specs.get(kind);
    const { recordId, docs } = getState();
    const doc = docs[kind];
    if (!spec || !doc || recordId === null || spec.canSave?.() === false) return;
    if (!doc.dirty) return;
    if (same(kind, doc.value, doc.stored)) return setDoc(kind, { dirty: false });
    const sent = doc.value;
    setDoc(kind, { status: 'saving' });
    try {
      const revision = await spec.save(sent, { recordId, revision: doc.revision });
      const now = getState().docs[kind];
      if (getState().recordId !== recordId || !now) return;
      const dirty = !same(kind, now.value, sent);
      setDoc(kind, { stored: sent, revision: revision === undefined ? now.revision : revision, dirty, status: dirty ? 'clean' : 'saved' });
    } catch (error) {
      if (getState().recordId !== recordId) return;
      if (isStaleSave(error)) {
        // Someone saved this document since it was read: these edits are never sent again; the newer state is read.
        setDoc(kind, { status: 'error', stored: getState().docs[kind]?.value, dirty: false });
        spec.onConflict?.();
      } else {
        setDoc(kind, { status: 'error' });
        spec.onFailure?.(error);
      }
    }
  };

  const scheduler = createSaveScheduler<DocumentKind>(clock, once);
  const { cancel } = scheduler;
  const saveOne = scheduler.saveNow;

  const kindsOf = (kind?: DocumentKind) => (kind ? [kind] : (Object.keys(getState().docs) as DocumentKind[]));

  /** Leaving the record (another chart, the viewer closed): what is unsaved is sent before it is forgotten. */
  const release = () => {
    for (const kind of kindsOf()) {
      cancel(kind);
      // The save takes its snapshot at once, before the state below is replaced.
      if (getState().docs[kind]?.dirty) void saveOne(kind);
    }
  };

  const load = (kind: DocumentKind, recordId: number, value: unknown, revision: DocumentRevision) => {
    cancel(kind);
    const s = getState();
    const doc: RecordDocument = { value, stored: value, revision, dirty: false, status: 'clean' };
    if (s.recordId !== recordId) {
      release();
      setState({ recordId, docs: { [kind]: doc }, past: [], future: [] });
      return;
    }
    setState({ docs: { ...s.docs, [kind]: doc }, ...withoutKind(s, kind) });
  };

  const step = (from: 'past' | 'future') => {
    const s = getState();
    const taken = stepHistory(s, from);
    if (!taken || specs.get(taken.entry.kind)?.editable?.() === false || !s.docs[taken.entry.kind]) return;
    apply(taken.entry.kind, taken.value, taken.next);
    schedule(taken.entry.kind, undefined);
  };

  return {
    ...store,
    register: (kind, spec) => {
      const one = spec as DocumentSpec<unknown>;
      registered.set(kind, [...(registered.get(kind) ?? []), one]);
      if (getState().docs[kind]?.dirty) schedule(kind, undefined);
      return () => {
        const rest = (registered.get(kind) ?? []).filter((s) => s !== one);
        // The last one going: what is unsaved is sent (its snapshot taken now) before the spec goes.
        if (rest.length === 0 && specs.get(kind) === one && getState().docs[kind]?.dirty) void saveOne(kind);
        if (rest.length === 0) registered.delete(kind);
        else registered.set(kind, rest);
      };
    },
    load,
    reload: (kind, recordId, value, revision) => {
      if (getState().recordId !== recordId) return false;
      load(kind, recordId, value, revision);
      return true;
    },
    forget: (kind) => {
      if (!kind) {
        release();
        setState(EMPTY);
        return;
      }
      cancel(kind);
      const s = getState();
      const { [kind]: _gone, ...docs } = s.docs;
      setState({ docs, ...withoutKind(s, kind) });
    },
    edit: (kind, next, options = {}) => {
      const s = getState();
      const doc = s.docs[kind];
      if (!doc || same(kind, doc.value, next)) return;
      apply(kind, next, options.history === false ? {} : recordEdit(s, kind, doc.value, next, options.merge));
      schedule(kind, options.delayMs);
    },
    undo: () => step('past'),
    redo: () => step('future'),
    canUndo: () => getState().past.length > 0,
    canRedo: () => getState().future.length > 0,
    flush: async (kind) => {
      await Promise.all(kindsOf(kind).map((k) => saveOne(k)));
    },
    settled: scheduler.settled,
    unload: () => {
      const { recordId, docs } = getState();
      if (recordId === null) return;
      for (const kind of kindsOf()) {
        const doc = docs[kind];
        const spec = specs.get(kind);
        if (!doc?.dirty || !spec?.saveOnUnload || spec.canSave?.() === false || same(kind, doc.value, doc.stored)) continue;
        spec.saveOnUnload(doc.value, { recordId, revision: doc.revision });
      }
    },
    value: <T>(kind: DocumentKind) => getState().docs[kind]?.value as T | undefined,
  };
}

/** The open record's documents (one per viewer: the app has one open record at a time). */
export const recordStore = createRecordStore();

/** Subscribes a component to a slice of the open record's documents. */
export function useRecordStore<U>(selector: (s: RecordState) => U): U {
  return useStore(recordStore, selector);
}

/** Whether the last edit can be undone (the viewer's and the drawing pad's undo buttons). */
export const selectCanUndo = (s: RecordState): boolean => s.past.length > 0;
export const selectCanRedo = (s: RecordState): boolean => s.future.length > 0;
