import { useSyncExternalStore } from 'react';

/**
 * A list of entries kept sorted by `order`, that features add to at import time and React reads
 * with `useSyncExternalStore`. Used for overlay layers and side-panel tabs, so another feature adds
 * its own without editing the viewer's components.
 */
export interface OrderedEntry {
  readonly id: string;
  readonly order: number;
}

export interface OrderedRegistry<T extends OrderedEntry> {
  /** Adds `entry` (replacing one with the same id); returns a function that removes it again. */
  register(entry: T): () => void;
  list(): readonly T[];
  subscribe(listener: () => void): () => void;
}

export function createOrderedRegistry<T extends OrderedEntry>(): OrderedRegistry<T> {
  let entries: readonly T[] = [];
  const listeners = new Set<() => void>();
  const publish = (next: readonly T[]) => {
    entries = next;
    for (const l of listeners) l();
  };
  return {
    register(entry) {
      publish([...entries.filter((e) => e.id !== entry.id), entry].sort((a, b) => a.order - b.order || a.id.localeCompare(b.id)));
      return () => {
        if (entries.includes(entry)) publish(entries.filter((e) => e !== entry));
      };
    },
    list: () => entries,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The registry's entries, re-rendering when one is added or removed. */
export function useOrderedRegistry<T extends OrderedEntry>(registry: OrderedRegistry<T>): readonly T[] {
  return useSyncExternalStore(registry.subscribe, registry.list, registry.list);
}
