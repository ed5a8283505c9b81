import type { StoreApi } from 'zustand';
import { saveModifiedLandmarks } from '../../api/save-landmarks.ts';
import { toModifiedResult } from '../../lib/landmark-record.ts';
import type { LandmarkStore } from '../../store/landmark-store.ts';

/**
 * The server makes the PDF from the stored landmarks, so edits must be stored first: waits for a
 * save in flight (the autosave runs when the Landmarks tab is left), then saves what is still
 * unsaved. Throws when that save fails.
 */
export async function saveBeforeReport(store: Pick<StoreApi<LandmarkStore>, 'getState' | 'subscribe'>, save = saveModifiedLandmarks): Promise<void> {
  if (store.getState().saveStatus === 'saving') {
    await new Promise<void>((resolve) => {
      const stop = store.subscribe((s) => {
        if (s.saveStatus !== 'saving') {
          stop();
          resolve();
        }
      });
    });
  }
  const s = store.getState();
  if (!s.dirty || s.recordId === null) return;
  const snapshot = s.edited;
  s.setSaveStatus('saving');
  try {
    await save(s.recordId, toModifiedResult(snapshot, s.unknown));
    store.getState().markSaved(snapshot);
  } catch (error) {
    store.getState().setSaveStatus('error');
    throw error;
  }
}
