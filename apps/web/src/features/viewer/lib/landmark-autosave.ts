import type { ModifiedResult } from '@ceppro/contract';
import type { StoreApi } from 'zustand';
import { LANDMARKS_PANEL_ID, usePanelStore } from '../panels.ts';
import type { LandmarkStore } from '../store/landmark-store.ts';
import { toModifiedResult } from './landmark-record.ts';

export type SaveLandmarks = (recordId: number, modified: ModifiedResult) => Promise<void>;

export interface LandmarkAutosave {
  /** Saves when there are unsaved edits; resolves when stored (or failed: the status says which). */
  flush(): Promise<void>;
  /** The payload to send now, if any: for the page-unload path, which cannot wait for an answer. */
  pending(): { recordId: number; modified: ModifiedResult } | null;
  /** Resolves when no save is running (starts none). */
  settled(): Promise<void>;
}

/**
 * Spec: "Landmark positions save automatically when leaving the adjustment menu". The viewer calls
 * `flush` when the Landmarks panel is left (tab switch, route change); nothing is sent when nothing
 * changed. One save at a time: a flush during a save waits for it, then saves what is still unsaved.
 */
export function createLandmarkAutosave(store: Pick<StoreApi<LandmarkStore>, 'getState'>, save: SaveLandmarks): LandmarkAutosave {
  let running: Promise<void> | null = null;

  const pending = () => {
    const s = store.getState();
    if (!s.dirty || s.recordId === null) return null;
    return { recordId: s.recordId, modified: toModifiedResult(s.edited, s.unknown) };
  };

  const once = async () => {
    const s = store.getState();
    const payload = pending();
    if (payload === null) return;
    const snapshot = s.edited;
    s.setSaveStatus('saving');
    try {
      await save(payload.recordId, payload.modified);
      store.getState().markSaved(snapshot);
    } catch {
      store.getState().setSaveStatus('error');
    }
  };

  const flush = async (): Promise<void> => {
    while (running) await running;
    running = once().finally(() => {
      running = null;
    });
    return running;
  };

  const settled = async () => {
    while (running) await running;
  };

  return { flush, pending, settled };
}

/**
 * Wires the autosave to the viewer: it flushes when the open side-panel tab changes from Landmarks
 * to another (spec: positions save when the adjustment menu is left). An edit made while another
 * tab is open (a drag on the film beside the Analysis table, a landmark placed from it) has no menu
 * to leave, so it is saved as soon as it is made. Returns the unsubscribe.
 */
export function connectLandmarkAutosave(autosave: LandmarkAutosave, store: Pick<StoreApi<LandmarkStore>, 'subscribe'>): () => void {
  const offPanel = usePanelStore.subscribe((s, prev) => {
    if (prev.active === LANDMARKS_PANEL_ID && s.active !== LANDMARKS_PANEL_ID) void autosave.flush();
  });
  const offEdits = store.subscribe((s, prev) => {
    if (s.edited !== prev.edited && s.dirty && usePanelStore.getState().active !== LANDMARKS_PANEL_ID) void autosave.flush();
  });
  return () => {
    offPanel();
    offEdits();
  };
}
