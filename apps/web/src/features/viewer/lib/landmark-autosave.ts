import { toModifiedResult, type ModifiedResult } from '@ceppro/contract';
import { ApiError } from '../../../lib/api/index.ts';
import type { StoreApi } from 'zustand';
import { LANDMARKS_PANEL_ID, usePanelStore } from '../panels.ts';
import { sameLandmarks, type LandmarkStore } from '../store/landmark-store.ts';

/** Saves from revision `base`; resolves with the record's new revision. */
export type SaveLandmarks = (recordId: number, modified: ModifiedResult, base: number) => Promise<number>;

export interface SavePayload {
  recordId: number;
  modified: ModifiedResult;
  base: number;
}

export interface LandmarkAutosave {
  /** Saves when there are unsaved edits; resolves when stored (or failed: the status says which). */
  flush(): Promise<void>;
  /** The payload to send now, if any: for the page-unload path, which cannot wait for an answer. */
  pending(): SavePayload | null;
  /** Resolves when no save is running (starts none). */
  settled(): Promise<void>;
}

/**
 * Spec: "Landmark positions save automatically when leaving the adjustment menu". The viewer calls
 * `flush` when the Landmarks panel is left (tab switch, route change); nothing is sent when nothing
 * changed, nor when the edits end where the record already is (undone, or moved away and back).
 * One save at a time: a flush during a save waits for it, then saves what is still unsaved.
 */
export function createLandmarkAutosave(
  store: Pick<StoreApi<LandmarkStore>, 'getState'>,
  save: SaveLandmarks,
  /**
   * The server refused the save as stale (CONFLICT: another tab saved, or the film changed): the
   * edits must not land on the record as it is now; the caller tells the user and reloads it.
   */
  onConflict: () => void = () => undefined,
): LandmarkAutosave {
  let running: Promise<void> | null = null;

  const pending = (): SavePayload | null => {
    const s = store.getState();
    if (!s.dirty || s.recordId === null || s.imageId === null || s.revision === null) return null;
    // Edits that end where the record already is (undone, or dragged away and back) are not a save.
    if (sameLandmarks(s.edited, s.stored)) return null;
    return { recordId: s.recordId, modified: toModifiedResult(s.edited, s.imageId, s.unknown), base: s.revision };
  };

  const once = async () => {
    const s = store.getState();
    const payload = pending();
    if (payload === null) {
      if (s.dirty && s.revision !== null && sameLandmarks(s.edited, s.stored)) s.markSaved(s.edited, s.revision);
      return;
    }
    const snapshot = s.edited;
    s.setSaveStatus('saving');
    try {
      const revision = await save(payload.recordId, payload.modified, payload.base);
      store.getState().markSaved(snapshot, revision);
    } catch (error) {
      store.getState().setSaveStatus('error');
      if (error instanceof ApiError && error.code === 'CONFLICT') onConflict();
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
