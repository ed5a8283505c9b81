import { DRAWING_CONFIG_DEFAULTS, DRAWING_LIMITS, type DrawingConfig, type DrawingShape, type DrawingTool } from '@ceppro/contract';
import { create } from 'zustand';
import { recordStore, type DocumentRevision, type DocumentSaveStatus } from '../../documents/record-store.ts';
import { newShapeId } from '../../lib/drawing-shapes.ts';
import { storedWidth } from '../../lib/drawing-stroke.ts';

/**
 * The drawing pad's two sets, as stored in `drawing_result` (image px). Both are the film's drawings
 * and are shown on every tab: new shapes go to `coords`; `superimpositionCoords` holds what older
 * versions stored apart for the Superimposition tab (contract `filmDrawings`).
 */
export interface DrawingSets {
  readonly coords: readonly DrawingShape[];
  readonly superimpositionCoords: readonly DrawingShape[];
}

export type DrawingSaveStatus = DocumentSaveStatus;

/** The pad's current pen: the user's defaults (`/drawing-pad`) until changed in the viewer. */
export type DrawingPen = Omit<DrawingConfig, 'version'>;

export interface DrawingState {
  /** The analysis record the shapes belong to; null before one is loaded. */
  recordId: number | null;
  /** false until the record's drawings are read (nothing is saved before). */
  loaded: boolean;
  /** false when the stored document is of an unknown version: shown empty, never written. */
  writable: boolean;
  /**
   * The sets shown now: the record's `drawing` document (documents/record-store.ts), mirrored here.
   * Edits, undo/redo (the record's one history) and saving go through the record store.
   */
  present: DrawingSets;
  saveStatus: DrawingSaveStatus;
  /** The shape being drawn (not in the history until the pointer is released). */
  draft: DrawingShape | null;
  /** Where a text is being typed (image px) and what is typed so far. */
  textAt: { at: readonly [number, number]; text: string } | null;
  pen: DrawingPen;
  /** The user's defaults (`/drawing-pad`), what the pen goes back to when a chart is closed. */
  defaults: DrawingPen;
  /** The user changed the pen in the viewer: later config loads do not override it. */
  penTouched: boolean;
  /** Display toggle: drawings shown over the film. */
  visible: boolean;
}

export interface DrawingActions {
  /** Reads a record's drawings (drops their history entries and the draft); `revision`: the base the next save names. */
  load: (recordId: number | null, sets: DrawingSets, writable: boolean, revision?: DocumentRevision) => void;
  /** Forgets everything (another chart opened). */
  clear: () => void;
  applyDefaults: (config: DrawingConfig) => void;
  setPen: (pen: Partial<DrawingPen>) => void;
  setTool: (tool: DrawingTool) => void;
  setDraft: (draft: DrawingShape | null) => void;
  setTextAt: (textAt: DrawingState['textAt']) => void;
  setText: (text: string) => void;
  /** Places the typed text (if any) as a shape and closes the field. `fitScale`: the fitted view's scale. */
  commitText: (fitScale: number) => void;
  /** Adds a finished shape to the film's drawings (`coords`; one history step). */
  add: (shape: DrawingShape) => void;
  /** Removes shapes by id, from whichever set holds them (one history step; nothing when none is there). */
  remove: (ids: readonly string[]) => void;
  /** The record's undo/redo: the last edit, whatever document it touched. */
  undo: () => void;
  redo: () => void;
  toggleVisible: () => void;
}

export type DrawingStore = DrawingState & DrawingActions;

const EMPTY: DrawingSets = { coords: [], superimpositionCoords: [] };

const penOf = ({ version: _version, ...pen }: DrawingConfig): DrawingPen => pen;

const initial: DrawingState = {
  recordId: null,
  loaded: false,
  writable: true,
  present: EMPTY,
  saveStatus: 'clean',
  draft: null,
  textAt: null,
  pen: penOf(DRAWING_CONFIG_DEFAULTS),
  defaults: penOf(DRAWING_CONFIG_DEFAULTS),
  penTouched: false,
  visible: true,
};

/** A change of the sets: one step of the record's history, saved by the record store's autosave. */
const edit = (next: DrawingSets) => recordStore.edit('drawing', next);

/** The drawing pad's state in the viewer (docs/house-rules.md §9: viewer state, its own small store). */
export const useDrawingStore = create<DrawingStore>()((set, get) => ({
  ...initial,
  load: (recordId, sets, writable, revision = null) => {
    set({ recordId, loaded: recordId !== null, writable, present: sets, saveStatus: 'clean', draft: null, textAt: null });
    if (recordId !== null) recordStore.load('drawing', recordId, sets, revision);
  },
  clear: () => {
    set((s) => ({ ...initial, pen: s.defaults, defaults: s.defaults, visible: s.visible }));
    recordStore.forget('drawing');
  },
  applyDefaults: (config) => set((s) => ({ defaults: penOf(config), pen: s.penTouched ? s.pen : penOf(config) })),
  setPen: (pen) => set((s) => ({ pen: { ...s.pen, ...pen }, penTouched: true })),
  setTool: (tool) => set((s) => ({ pen: { ...s.pen, tool }, penTouched: true, textAt: null })),
  setDraft: (draft) => set({ draft }),
  setTextAt: (textAt) => set({ textAt }),
  setText: (text) => set((s) => (s.textAt ? { textAt: { ...s.textAt, text } } : {})),
  commitText: (fitScale) => {
    const { textAt, pen, add } = get();
    if (textAt === null) return;
    set({ textAt: null });
    const text = textAt.text.trim().slice(0, DRAWING_LIMITS.textLength);
    if (text === '') return;
    const { width, scales } = storedWidth(pen, fitScale);
    add({
      id: newShapeId(),
      tool: 'text',
      at: [textAt.at[0], textAt.at[1]],
      text,
      color: pen.color,
      opacity: pen.opacity,
      width,
      scales,
    });
  },
  add: (shape) => {
    const { present, loaded } = get();
    set({ draft: null });
    if (!loaded || present.coords.length >= DRAWING_LIMITS.shapes) return;
    edit({ ...present, coords: [...present.coords, shape] });
  },
  remove: (ids) => {
    const { present, loaded } = get();
    const coords = present.coords.filter((shape) => !ids.includes(shape.id));
    const superimpositionCoords = present.superimpositionCoords.filter((shape) => !ids.includes(shape.id));
    if (!loaded || (coords.length === present.coords.length && superimpositionCoords.length === present.superimpositionCoords.length))
      return;
    edit({ coords, superimpositionCoords });
  },
  undo: () => {
    set({ draft: null });
    recordStore.undo();
  },
  redo: () => {
    set({ draft: null });
    recordStore.redo();
  },
  toggleVisible: () => set((s) => ({ visible: !s.visible })),
}));

// The record's `drawing` document is the truth; this store mirrors it (an edit, undo, redo, save or reload).
recordStore.subscribe((s, prev) => {
  const doc = s.docs.drawing;
  if (doc === undefined || doc === prev.docs.drawing || s.recordId !== useDrawingStore.getState().recordId) return;
  useDrawingStore.setState({ present: doc.value as DrawingSets, saveStatus: doc.status });
});
