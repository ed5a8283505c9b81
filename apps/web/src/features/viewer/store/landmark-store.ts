import { imagePoint, mergePositions, type AiLandmark, type ImagePoint, type LandmarkId, type LandmarkMap } from '@ceppro/ceph';
import { readRecordLandmarks, type InferResult, type ModifiedResult, type RecordLandmarks, type StoredLandmark } from '@ceppro/contract';
import { create } from 'zustand';
import { filmReviewThresholdOf, reviewThresholdOf } from '../lib/review.ts';

/**
 * The landmarks of the open chart (viewer state, docs/house-rules.md §9), all in image px of the original
 * upload. The model's points (`ai`) and the user's (`edited`) are kept apart (docs/house-rules.md §4);
 * `positions` is what is shown and measured: edited, else AI. Undo history holds snapshots of
 * `edited` (57 points at most, so a snapshot is cheap and undo can never drift).
 */
export type SaveStatus = 'clean' | 'saving' | 'saved' | 'error';

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
  positions: LandmarkMap<ImagePoint>;
  selected: LandmarkId | null;
  /** The point being dragged, not yet committed: drawn live, kept out of `positions` and history. */
  preview: { id: LandmarkId; point: ImagePoint } | null;
  past: LandmarkMap<ImagePoint>[];
  future: LandmarkMap<ImagePoint>[];
  /** Edited since the last load or save. */
  dirty: boolean;
  /** The user's landmarks as the record holds them (loaded, or last saved): an edit undone back to them is nothing to save. */
  stored: LandmarkMap<ImagePoint>;
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
  undo: () => void;
  redo: () => void;
  /** Back to the model's point; without an id, every landmark the model placed (hand-placed ones stay). */
  resetToAi: (id?: LandmarkId) => void;
  place: (id: LandmarkId, point: ImagePoint) => void;
  startGuidedPlacement: (ids: readonly LandmarkId[]) => void;
  skipGuided: () => void;
  cancelGuidedPlacement: () => void;
  setSaveStatus: (status: SaveStatus) => void;
  setReadOnly: (readOnly: boolean) => void;
  /** After a successful save of `saved` (the record now at `revision`): clean unless edited again while the request ran. */
  markSaved: (saved: LandmarkMap<ImagePoint>, revision: number) => void;
}

export type LandmarkStore = LandmarkState & LandmarkActions;

/** Keeps undo memory bounded on long sessions; 200 steps is far more than anyone walks back. */
const HISTORY_LIMIT = 200;

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
  positions: {},
  selected: null,
  preview: null,
  past: [],
  future: [],
  dirty: false,
  stored: {},
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
  /** Applies a new `edited` map as one undoable step (no-op when nothing changes). */
  const commit = (edited: LandmarkMap<ImagePoint>, extra: Partial<LandmarkState> = {}) => {
    const s = get();
    if (s.readOnly) return set({ preview: null });
    set({
      ...extra,
      edited,
      positions: mergePositions(s.ai, edited),
      past: [...s.past, s.edited].slice(-HISTORY_LIMIT),
      future: [],
      dirty: true,
      preview: null,
    });
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
        stored: edited,
        unknown: [...unmatched.edited],
        positions,
      });
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
    undo: () => {
      const s = get();
      const previous = s.past[s.past.length - 1];
      if (!previous || s.readOnly) return;
      set({
        edited: previous,
        positions: mergePositions(s.ai, previous),
        past: s.past.slice(0, -1),
        future: [s.edited, ...s.future],
        dirty: true,
        preview: null,
      });
    },
    redo: () => {
      const s = get();
      const next = s.future[0];
      if (!next || s.readOnly) return;
      set({
        edited: next,
        positions: mergePositions(s.ai, next),
        past: [...s.past, s.edited],
        future: s.future.slice(1),
        dirty: true,
        preview: null,
      });
    },
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
    setSaveStatus: (saveStatus) => set({ saveStatus }),
    setReadOnly: (readOnly) => set(readOnly ? { readOnly, guided: [], preview: null } : { readOnly }),
    markSaved: (saved, revision) =>
      set((s) => ({ revision, stored: saved, dirty: s.edited !== saved, saveStatus: s.edited === saved ? 'saved' : 'clean' })),
  };
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

export const canUndo = (s: LandmarkState) => s.past.length > 0;
export const canRedo = (s: LandmarkState) => s.future.length > 0;

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
