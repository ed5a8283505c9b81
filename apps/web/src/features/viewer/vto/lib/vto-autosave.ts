/**
 * Debounced saving of one document (pure of React and the network): `changed` after every edit
 * schedules a save `delayMs` later; `flush` saves now (leaving the tab, the route or the page). Saves
 * never overlap: an edit during a save is saved right after it. Only a document that differs from the
 * last one saved (or loaded) is sent.
 */
export interface DocumentAutosave<T> {
  /** The document now, as it would be stored; its JSON is compared with the last saved one. */
  changed(): void;
  flush(): Promise<void>;
  /** Marks `doc` as what the server holds (after loading it). */
  baseline(doc: T): void;
  /** The unsaved document, if any (for a best-effort save on page close). */
  pending(): T | null;
  dispose(): void;
}

export interface AutosaveDeps<T> {
  current: () => T | null;
  save: (doc: T) => Promise<void>;
  onStatus: (status: 'saving' | 'saved' | 'error') => void;
  delayMs: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (id: unknown) => void;
}

export function createDocumentAutosave<T>(deps: AutosaveDeps<T>): DocumentAutosave<T> {
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((id) => clearTimeout(id as ReturnType<typeof setTimeout>));
  let saved: string | null = null;
  let timer: unknown = null;
  let running: Promise<void> | null = null;
  const unsaved = (): T | null => {
    const doc = deps.current();
    return doc !== null && saved !== null && JSON.stringify(doc) !== saved ? doc : null;
  };
  // The document is taken when the save is asked for, so a flush on close saves what was there.
  const run = async (asked: T | null = unsaved()): Promise<void> => {
    if (running) await running.catch(() => undefined);
    const doc = asked !== null && JSON.stringify(asked) !== saved ? asked : null;
    if (doc === null) return;
    const json = JSON.stringify(doc);
    deps.onStatus('saving');
    running = deps.save(doc).then(
      () => {
        saved = json;
        deps.onStatus('saved');
      },
      () => deps.onStatus('error'),
    );
    await running;
    running = null;
  };
  return {
    changed() {
      if (unsaved() === null) return;
      if (timer !== null) clearTimer(timer);
      timer = setTimer(() => {
        timer = null;
        void run();
      }, deps.delayMs);
    },
    async flush() {
      if (timer !== null) clearTimer(timer);
      timer = null;
      await run();
    },
    baseline(doc) {
      saved = JSON.stringify(doc);
    },
    pending: unsaved,
    dispose() {
      if (timer !== null) clearTimer(timer);
      timer = null;
    },
  };
}
