import type { ImagePoint, LandmarkMap } from '@ceppro/ceph';
import { toModifiedResult, type ModifiedResult } from '@ceppro/contract';
import { recordStore, type DocumentSpec } from '../documents/record-store.ts';
import { saveDocument } from '../documents/save-document.ts';
import { LANDMARKS_PANEL_ID, usePanelStore } from '../panels.ts';
import { sameLandmarks, useLandmarkStore } from '../store/landmark-store.ts';

/** Saves from revision `base`; resolves with the record's new revision. */
export type SaveLandmarks = (recordId: number, modified: ModifiedResult, base: number) => Promise<number>;

export interface SavePayload {
  recordId: number;
  modified: ModifiedResult;
  base: number;
}

/** The payload of a landmark save from `edited` at `revision`; null when it cannot be saved (no film, no revision). */
function payloadOf(edited: LandmarkMap<ImagePoint>, recordId: number, revision: unknown): SavePayload | null {
  const { imageId, unknown } = useLandmarkStore.getState();
  if (imageId === null || typeof revision !== 'number') return null;
  return { recordId, modified: toModifiedResult(edited, imageId, unknown), base: revision };
}

/** The unsaved landmark edits as they would be sent now, if any. */
export function pendingLandmarkSave(): SavePayload | null {
  const { recordId, docs } = recordStore.getState();
  const doc = docs.landmarks;
  if (!doc?.dirty || recordId === null || sameLandmarks(doc.value as LandmarkMap<ImagePoint>, doc.stored as LandmarkMap<ImagePoint>))
    return null;
  return payloadOf(doc.value as LandmarkMap<ImagePoint>, recordId, doc.revision);
}

/**
 * The landmarks as a document of the record store. Spec: "Landmark positions save automatically when
 * leaving the adjustment menu": an edit made on the Landmarks tab waits for the tab to be left (the
 * record store flushes on every tab change), one made while another tab is open (a drag beside the
 * Analysis table) has no menu to leave and is saved at once. The save goes through the one save path
 * (`saveDocument`) naming the record revision; a stale one is refused (CONFLICT): the edits are dropped
 * (never sent again), the user is told and `reload` reads the chart and record afresh.
 */
export function landmarkDocumentSpec(
  save: SaveLandmarks,
  reload: () => unknown,
  unloadSave?: (payload: SavePayload) => void,
): DocumentSpec<LandmarkMap<ImagePoint>> {
  return {
    same: sameLandmarks,
    delayMs: () => (usePanelStore.getState().active === LANDMARKS_PANEL_ID ? null : 0),
    editable: () => !useLandmarkStore.getState().readOnly,
    canSave: () => useLandmarkStore.getState().imageId !== null,
    save: async (edited, { recordId, revision }) => {
      const payload = payloadOf(edited, recordId, revision);
      if (payload === null) throw new Error('The landmarks have no film or revision to be saved against');
      return saveDocument({
        recordRevision: payload.base,
        send: ({ base }) => save(payload.recordId, payload.modified, base),
        reload,
      });
    },
    saveOnUnload: (edited, { recordId, revision }) => {
      const payload = payloadOf(edited, recordId, revision);
      if (payload && unloadSave) unloadSave(payload);
    },
  };
}
