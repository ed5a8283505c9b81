import type { StoreApi } from 'zustand';
import { isDirty, type DrawingStore } from '../store/drawing-store.ts';
import { isStaleSave } from '../../documents/save-document.ts';
import { saveDrawingSets, type DrawingRecordSnapshot, type DrawingSaveApi, type SaveProblem } from './drawing-save.ts';

export interface DrawingAutosave {
  /** Saves soon (debounced): called on every change. */
  schedule(): void;
  /** Saves now when there is anything unsaved; waits for a save in flight first. */
  flush(): Promise<void>;
  /** The last record snapshot read by a save or the load (for the page-unload path). */
  lastRead(): DrawingRecordSnapshot | null;
  remember(snapshot: DrawingRecordSnapshot): void;
  dispose(): void;
}

/**
 * The drawing pad's autosave: a short quiet period after the last change, and at once on leaving
 * (tab switch, route change, chart change). One save at a time; a change made during a save is
 * saved after it. `onProblem` hears a save that could not be stored (the store says 'error').
 */
export function createDrawingAutosave(
  store: Pick<StoreApi<DrawingStore>, 'getState'>,
  api: DrawingSaveApi,
  onProblem: (outcome: SaveProblem) => void,
  delayMs = 600,
): DrawingAutosave {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let last: DrawingRecordSnapshot | null = null;
  const remembering: DrawingSaveApi = {
    read: async (id) => {
      const snapshot = await api.read(id);
      if (snapshot) last = snapshot;
      return snapshot;
    },
    write: async (id, patch) => {
      await api.write(id, patch);
      const stored = last?.drawingResult;
      const base = stored !== null && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
      last = { revision: last?.revision ?? 0, drawingResult: { ...base, ...patch } };
    },
  };

  const once = async () => {
    const s = store.getState();
    if (!isDirty(s) || s.recordId === null) return;
    const recordId = s.recordId;
    const snapshot = s.history.present;
    s.setSaveStatus('saving');
    try {
      const outcome = await saveDrawingSets(remembering, recordId, snapshot);
      if (store.getState().recordId !== recordId) return;
      if (outcome === 'saved') store.getState().markSaved(snapshot);
      else {
        store.getState().setSaveStatus('error');
        onProblem(outcome);
      }
    } catch (error) {
      if (store.getState().recordId === recordId) store.getState().setSaveStatus('error');
      onProblem(isStaleSave(error) ? 'stale' : 'failed');
    }
  };

  const flush = async (): Promise<void> => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    while (running) await running;
    running = once().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    schedule: () => {
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(() => void flush(), delayMs);
    },
    flush,
    lastRead: () => last,
    remember: (snapshot) => {
      last = snapshot;
    },
    dispose: () => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
