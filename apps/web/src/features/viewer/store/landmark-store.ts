import { imagePoint, mergePositions, type AiLandmark, type ImagePoint, type LandmarkId, type LandmarkMap } from '@ceppro/ceph';
import { readRecordLandmarks, type InferResult, type ModifiedResult, type RecordLandmarks, type StoredLandmark } from '@ceppro/contract';
import { create } from 'zustand';
import { recordStore, type DocumentSaveStatus } from '../documents/record-store.ts';
import { filmReviewThresholdOf, reviewThresholdOf } from '../lib/review.ts';

/**
 * The landmarks of the open chart (viewer state, docs/house-rules.md §9), all in image px of the original
 * upload. The model's points (`ai`) and the user's (`edited`) are kept apart (docs/house-rules.md §4);
 * `positions` is what is shown and measured: edited, else AI. `edited` is the record's `landmarks`
 * document (documents/record-store.ts): edits, undo/redo and saving go through that one engine, and
 * `edited`, `dirty`, `saveStatus` and `revision` here mirror it.
 */
export type SaveStatus = DocumentSaveStatus;

export interface LandmarkRecordInput {
  readonly id: number;
  readonly infer_result: InferResult | null;
  readonly modified_result: ModifiedResult | null;
  /** The record revision these landmarks are read at; a save names it (a stale one is refused). */
  readonly revision?: number;
}

export interface LandmarkState {
  /** The analysis record the edits belong to; null before a record is loaded. */
  recordId: number | null;
  /** The record revision the edits started from (moves on with each save). */
  revision: number | null;
  /** The chart data id of the film the landmarks are placed on; edits are saved bound to it. */
  imageId: number | null;
  ai: LandmarkMap<AiLandmark>;
  /** The producing model's calibrated "for review" threshold (from its manifest, stored with the result). */
  reviewThreshold: number | null;
  /** Below this mean confidence the whole film is to be checked (model 2.1 on; null before). */
  filmReviewThreshold: number | null;
  /**
   * The account's clinic adaptation applied to this film's AI points (films learned from, points
   * moved); null when none was. A moved point keeps the model's own one as `ai[id].raw`.
   */
  adaptation: RecordLandmarks['adaptation'];
  /**
   * The account's landmark definitions applied to this film's AI points (`infer_result.definitions`);
   * null when the model's own were kept. A defined point keeps the model's own as `ai[id].raw`.
   */
  definitions: RecordLandmarks['definitions'];
  edited: LandmarkMap<ImagePoint>;
  /**
   * Points found on the film where neither the model nor the user placed one (R1-R4, packages/ceph
   * ramus-points.ts, traced in the contour worker by hooks/use-film-contours.ts): shown and measured as
   * constructed, never stored.
   */
  found: LandmarkMap<ImagePoint>;
  /** Found points that are the method's population estimate, the film showing no clear border there (ramus-points.ts). */
  estimated: readonly LandmarkId[];
  positions: LandmarkMap<ImagePoint>;
  selected: LandmarkId | null;
  /** The point being dragged, not yet committed: drawn live, kept out of `positions` and history. */
  preview: { id: LandmarkId; point: ImagePoint } | null;
  /** The edits differ from the landmarks the record holds (an edit undone back to them is nothing to save). */
  dirty: boolean;
  saveStatus: SaveStatus;
  /** Guided placement: the landmarks still to place, the head is the one asked for now. */
  guided: LandmarkId[];
  /** Stored entries no registry id matches, written back untouched. */
  unknown: StoredLandmark[];
  /**
   * The person's role may not change landmarks (a clinic's assistant, contract ACCESS_POLICY
   * `landmarks.edit`): every edit below is refused here, whatever asks for it. Kept across loads.
   */
  readOnly: boolean;
}

export interface LandmarkActions {
  load: (record: LandmarkRecordInput | null, imageId?: number | null) => void;
  select: (id: LandmarkId | null) => void;
  setPreview: (id: LandmarkId, point: ImagePoint) => void;
  clearPreview: () => void;
  /** Commits one move (one undo entry): the dragging state calls it once, on release. */
  move: (id: LandmarkId, point: ImagePoint) => void;
  /** Moves the selected (or given) landmark by dx, dy image px. */
  nudge: (dx: number, dy: number, id?: LandmarkId) => void;
  /** The record's undo/redo (one history: the last edit, whatever document it touched). */
  undo: () => void;
  redo: () => void;
  /** Back to the model's point; without an id, every landmark the model placed (hand-placed ones stay). */
  resetToAi: (id?: LandmarkId) => void;
  place: (id: LandmarkId, point: ImagePoint) => void;
  startGuidedPlacement: (ids: readonly LandmarkId[]) => void;
  skipGuided: () => void;
  cancelGuidedPlacement: () => void;
  setReadOnly: (readOnly: boolean) => void;
  /** Replaces the points found on the film and which of them are estimates (no-op when they are the same). */
  setFound: (found: LandmarkMap<ImagePoint>, estimated?: readonly LandmarkId[]) => void;
}

export type LandmarkStore = LandmarkState & LandmarkActions;

const initial: LandmarkState = {
  recordId: null,
  revision: null,
  imageId: null,
  ai: {},
  reviewThreshold: null,
  filmReviewThreshold: null,
  adaptation: null,
  definitions: null,
  edited: {},
  found: {},
  estimated: [],
  positions: {},
  selected: null,
  preview: null,
  dirty: false,
  saveStatus: 'clean',
  guided: [],
  unknown: [],
  readOnly: false,
};

function samePoint(a: ImagePoint | undefined, b: ImagePoint | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && a.x === b.x && a.y === b.y);
}

/** The same landmarks at the same points (an edit undone, or moved away and back). */
export function sameLandmarks(a: LandmarkMap<ImagePoint>, b: LandmarkMap<ImagePoint>): boolean {
  const ids = Object.keys(a) as LandmarkId[];
  return ids.length === Object.keys(b).length && ids.every((id) => samePoint(a[id], b[id]));
}

export const useLandmarkStore = create<LandmarkStore>()((set, get) => {
  /** Applies a new `edited` map as one undoable step of the record's history (no-op when nothing changes). */
  const commit = (edited: LandmarkMap<ImagePoint>, extra: Partial<LandmarkState> = {}) => {
    if (get().readOnly) return set({ preview: null });
    set({ ...extra, preview: null });
    recordStore.edit('landmarks', edited);
  };
  const withPoint = (id: LandmarkId, point: ImagePoint) => ({ ...get().edited, [id]: imagePoint(point.x, point.y) });

  return {
    ...initial,
    load: (record, imageId = null) => {
      const { ai, edited, positions, unmatched, adaptation, definitions } = readRecordLandmarks(
        record?.infer_result ?? null,
        record?.modified_result ?? null,
      );
      set({
        ...initial,
        readOnly: get().readOnly,
        recordId: record?.id ?? null,
        revision: record?.revision ?? null,
        imageId,
        ai,
        reviewThreshold: reviewThresholdOf(record?.infer_result ?? null),
        filmReviewThreshold: filmReviewThresholdOf(record?.infer_result ?? null),
        adaptation,
        definitions,
        edited,
        unknown: [...unmatched.edited],
        positions,
      });
      if (record) recordStore.load('landmarks', record.id, edited, record.revision ?? null);
      else recordStore.forget();
    },
    select: (selected) => set({ selected }),
    setPreview: (id, point) => set({ preview: { id, point } }),
    clearPreview: () => set({ preview: null }),
    move: (id, point) => {
      if (samePoint(get().positions[id], point)) return set({ preview: null });
      commit(withPoint(id, point));
    },
    nudge: (dx, dy, id) => {
      const target = id ?? get().selected;
      const from = target ? get().positions[target] : undefined;
      if (!target || !from) return;
      commit(withPoint(target, imagePoint(from.x + dx, from.y + dy)));
    },
    undo: () => recordStore.undo(),
    redo: () => recordStore.redo(),
    resetToAi: (id) => {
      const s = get();
      const ids = id ? [id] : (Object.keys(s.edited) as LandmarkId[]);
      const edited = { ...s.edited };
      let changed = false;
      for (const one of ids) {
        if (s.ai[one] && edited[one]) {
          delete edited[one];
          changed = true;
        }
      }
      if (changed) commit(edited);
    },
    place: (id, point) => {
      const guided = get().guided;
      commit(withPoint(id, point), { selected: id, guided: guided.filter((g) => g !== id) });
    },
    startGuidedPlacement: (ids) => set((s) => (s.readOnly ? {} : { guided: [...new Set(ids)], selected: null })),
    skipGuided: () => set((s) => ({ guided: s.guided.slice(1) })),
    cancelGuidedPlacement: () => set({ guided: [] }),
    setReadOnly: (readOnly) => set(readOnly ? { readOnly, guided: [], preview: null } : { readOnly }),
    setFound: (found, estimated = []) => {
      const s = get();
      const sameEstimates = estimated.length === s.estimated.length && estimated.every((id, i) => id === s.estimated[i]);
      if (sameLandmarks(found, s.found) && sameEstimates) return;
      set({ found, estimated, positions: mergePositions(s.ai, s.edited, found) });
    },
  };
});

// The record's `landmarks` document is the truth; this store mirrors it (an edit, undo, redo, save or reload).
recordStore.subscribe((s, prev) => {
  const doc = s.docs.landmarks;
  if (doc === undefined || doc === prev.docs.landmarks) return;
  const l = useLandmarkStore.getState();
  const edited = doc.value as LandmarkMap<ImagePoint>;
  useLandmarkStore.setState({
    ...(edited === l.edited ? {} : { edited, positions: mergePositions(l.ai, edited, l.found), preview: null }),
    dirty: doc.dirty,
    saveStatus: doc.status,
    revision: typeof doc.revision === 'number' ? doc.revision : l.revision,
  });
});

// --- selectors: subscribe to just what a component shows (docs/house-rules.md §7) ---

/** Current landmark positions (image px), without a drag in progress. E's analysis table and F's report read this. */
export function useLandmarkPositions(): LandmarkMap<ImagePoint> {
  return useLandmarkStore((s) => s.positions);
}

/** Positions with the live drag applied: for the layers that must follow the pointer (tracings, planes). */
export function livePositions(s: Pick<LandmarkState, 'positions' | 'preview'>): LandmarkMap<ImagePoint> {
  return s.preview ? { ...s.positions, [s.preview.id]: s.preview.point } : s.positions;
}

/** Whether the shown point of `id` is the user's rather than the model's. */
export const isEdited = (s: LandmarkState, id: LandmarkId) => s.edited[id] !== undefined;

/**
 * Where the shown point of a landmark comes from; `adapted`: the AI's, moved by the account's clinic adaptation;
 * `constructed`: built from other points (packages/ceph constructed.ts), neither the model's nor the user's.
 */
export type LandmarkSource = 'ai' | 'adapted' | 'edited' | 'hand' | 'constructed';

/**
 * The source of `id`'s shown point, or null when it has none. Read from `edited` and `ai` as they
 * are now, so "Reset to AI" (which drops the edit) brings back "adapted" for an adapted point.
 */
export function landmarkSource(
  s: Pick<LandmarkState, 'ai' | 'edited'> & Partial<Pick<LandmarkState, 'positions'>>,
  id: LandmarkId,
): LandmarkSource | null {
  const ai = s.ai[id];
  if (s.edited[id] !== undefined) return ai ? 'edited' : 'hand';
  if (!ai) return s.positions?.[id] ? 'constructed' : null;
  return isAdapted(ai) ? 'adapted' : 'ai';
}

/**
 * Whether the account's clinic adaptation moved this AI point: it is off its base, the defined point
 * where a landmark definition was applied, else the model's own (`raw`). A definition alone is not an
 * adaptation (the point then has `raw` but sits on its defined point).
 */
export function isAdapted(ai: AiLandmark | undefined): boolean {
  if (!ai?.raw) return false;
  const base = ai.definition?.point ?? ai.raw;
  return base.x !== ai.point.x || base.y !== ai.point.y;
}

/** The landmark guided placement asks for now, or null. */
export const guidedTarget = (s: LandmarkState): LandmarkId | null => s.guided[0] ?? null;
