import { DRAWING_CONFIG_DEFAULTS, DRAWING_LIMITS, type DrawingConfig, type DrawingShape, type DrawingTool } from '@ceppro/contract';
import { create } from 'zustand';
import { newShapeId } from '../../lib/drawing-shapes.ts';
import { storedWidth } from '../../lib/drawing-stroke.ts';
import { canRedo, canUndo, createHistory, pushHistory, redoHistory, undoHistory, type History } from '../lib/history.ts';

/**
 * The drawing pad's two sets, as stored in `drawing_result` (image px). Both are the film's drawings
 * and are shown on every tab: new shapes go to `coords`; `superimpositionCoords` holds what older
 * versions stored apart for the Superimposition tab (contract `filmDrawings`).
 */
export interface DrawingSets {
  readonly coords: readonly DrawingShape[];
  readonly superimpositionCoords: readonly DrawingShape[];
}

export type DrawingSaveStatus = 'clean' | 'saving' | 'saved' | 'error';

/** The pad's current pen: the user's defaults (`/drawing-pad`) until changed in the viewer. */
export type DrawingPen = Omit<DrawingConfig, 'version'>;

export interface DrawingState {
  /** The analysis record the shapes belong to; null before one is loaded. */
  recordId: number | null;
  /** false until the record's drawings are read (nothing is saved before). */
  loaded: boolean;
  /** false when the stored document is of an unknown version: shown empty, never written. */
  writable: boolean;
  history: History<DrawingSets>;
  /** The sets as last stored (what a save compares with). */
  saved: DrawingSets | null;
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
  /** Reads a record's drawings (resets history and draft). */
  load: (recordId: number | null, sets: DrawingSets, writable: boolean) => void;
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
  undo: () => void;
  redo: () => void;
  setSaveStatus: (status: DrawingSaveStatus) => void;
  /** `sets` are stored now. */
  markSaved: (sets: DrawingSets) => void;
  toggleVisible: () => void;
}

export type DrawingStore = DrawingState & DrawingActions;

const EMPTY: DrawingSets = { coords: [], superimpositionCoords: [] };

const penOf = ({ version: _version, ...pen }: DrawingConfig): DrawingPen => pen;

const initial: DrawingState = {
  recordId: null,
  loaded: false,
  writable: true,
  history: createHistory(EMPTY),
  saved: null,
  saveStatus: 'clean',
  draft: null,
  textAt: null,
  pen: penOf(DRAWING_CONFIG_DEFAULTS),
  defaults: penOf(DRAWING_CONFIG_DEFAULTS),
  penTouched: false,
  visible: true,
};

/**
 * A new history after an edit, undo or redo. "Saved" describes the sets last stored: once the
 * drawing differs from them it no longer shows, until the autosave stores them (`markSaved`).
 */
function edited(s: Pick<DrawingState, 'saved' | 'saveStatus'>, history: DrawingState['history']) {
  const saveStatus: DrawingSaveStatus = s.saveStatus === 'saved' && history.present !== s.saved ? 'clean' : s.saveStatus;
  return { history, saveStatus };
}

/** Unsaved: the present sets differ from the stored ones. */
export function isDirty(s: Pick<DrawingState, 'loaded' | 'writable' | 'saved' | 'history'>): boolean {
  return s.loaded && s.writable && s.saved !== s.history.present;
}

export const selectCanUndo = (s: DrawingState): boolean => canUndo(s.history);
export const selectCanRedo = (s: DrawingState): boolean => canRedo(s.history);

/** The drawing pad's state in the viewer (docs/house-rules.md §9: viewer state, its own small store). */
export const useDrawingStore = create<DrawingStore>()((set, get) => ({
  ...initial,
  load: (recordId, sets, writable) =>
    set({
      recordId,
      loaded: recordId !== null,
      writable,
      history: createHistory(sets),
      saved: sets,
      saveStatus: 'clean',
      draft: null,
      textAt: null,
    }),
  clear: () => set((s) => ({ ...initial, pen: s.defaults, defaults: s.defaults, visible: s.visible })),
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
  add: (shape) =>
    set((s) => {
      const present = s.history.present;
      if (present.coords.length >= DRAWING_LIMITS.shapes) return { draft: null };
      return { draft: null, ...edited(s, pushHistory(s.history, { ...present, coords: [...present.coords, shape] })) };
    }),
  remove: (ids) =>
    set((s) => {
      const present = s.history.present;
      const coords = present.coords.filter((shape) => !ids.includes(shape.id));
      const superimpositionCoords = present.superimpositionCoords.filter((shape) => !ids.includes(shape.id));
      if (coords.length === present.coords.length && superimpositionCoords.length === present.superimpositionCoords.length) return {};
      return edited(s, pushHistory(s.history, { coords, superimpositionCoords }));
    }),
  undo: () => set((s) => ({ ...edited(s, undoHistory(s.history)), draft: null })),
  redo: () => set((s) => ({ ...edited(s, redoHistory(s.history)), draft: null })),
  setSaveStatus: (saveStatus) => set({ saveStatus }),
  markSaved: (sets) => set((s) => ({ saved: sets, saveStatus: s.history.present === sets ? 'saved' : 'clean' })),
  toggleVisible: () => set((s) => ({ visible: !s.visible })),
}));
