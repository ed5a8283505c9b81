/**
 * The record store's autosave timing (documents/record-store.ts): per document kind, at most one
 * pending timer and one save running; a save asked for while one runs waits for it, so saves of one
 * document go out one after the other, each from the revision the previous answered.
 */

/** Timers the scheduler uses (tests inject a manual clock). */
export interface SchedulerClock {
  set(fn: () => void, ms: number): unknown;
  clear(id: unknown): void;
}

export const systemClock: SchedulerClock = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

export interface SaveScheduler<K> {
  /** Saves `kind` in `ms` (0: now; null: only when flushed), replacing a pending timer. */
  schedule(kind: K, ms: number | null): void;
  /** Drops the pending timer of `kind`. */
  cancel(kind: K): void;
  /** Saves `kind` now, after the save of it in flight (if any). */
  saveNow(kind: K): Promise<void>;
  /** Resolves when no save is running. */
  settled(): Promise<void>;
}

/** `save(kind)` is one save of the document's current state (it reads the state itself). */
export function createSaveScheduler<K>(clock: SchedulerClock, save: (kind: K) => Promise<void>): SaveScheduler<K> {
  const timers = new Map<K, unknown>();
  const running = new Map<K, Promise<void>>();
  const cancel = (kind: K) => {
    if (timers.has(kind)) clock.clear(timers.get(kind));
    timers.delete(kind);
  };
  const saveNow = async (kind: K): Promise<void> => {
    cancel(kind);
    while (running.has(kind)) await running.get(kind);
    const run = save(kind).finally(() => running.delete(kind));
    running.set(kind, run);
    return run;
  };
  return {
    cancel,
    saveNow,
    schedule: (kind, ms) => {
      cancel(kind);
      if (ms === null) return;
      if (ms === 0) return void saveNow(kind);
      timers.set(
        kind,
        clock.set(() => {
          timers.delete(kind);
          void saveNow(kind);
        }, ms),
      );
    },
    settled: async () => {
      while (running.size > 0) await Promise.all([...running.values()]);
    },
  };
}
