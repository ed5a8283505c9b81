import { filmDrawings, type DrawingShape } from '@ceppro/contract';
import { panningState } from '../../interaction/panning-state.ts';
import type { InteractionContext, InteractionState, ViewerKey, ViewerPointer } from '../../interaction/types.ts';
import { WHEEL_STEP } from '../../lib/coordinates.ts';
import { hasExtent, newShapeId, penStep, shapesHit, type Pt } from '../../lib/drawing-shapes.ts';
import { storedWidth } from '../../lib/drawing-stroke.ts';
import { useDrawingStore } from '../store/drawing-store.ts';

export const DRAWING_TOOL_ID = 'drawing';

/** The eraser's reach and the pen's minimum step, in screen px. */
const ERASER_RADIUS = 6;
const PEN_STEP = 1.5;

/** Ctrl/Cmd+Z undoes; Ctrl/Cmd+Shift+Z or Ctrl/Cmd+Y redoes (the record's one history, as outside drawing mode). */
export function historyKey(key: ViewerKey): 'undo' | 'redo' | null {
  if (!(key.ctrlKey || key.metaKey) || key.altKey) return null;
  const k = key.key.toLowerCase();
  if (k === 'z') return key.shiftKey ? 'redo' : 'undo';
  if (k === 'y' && !key.shiftKey) return 'redo';
  return null;
}

/**
 * Drawing mode (docs/house-rules.md §5): a press on the film draws with the pad's tool instead of panning
 * (the middle button still pans, the wheel still zooms). Shapes are in image px of the original
 * upload. The history keys are taken here too: they walk the record's one history (the last edit, whatever document).
 */
export function drawingState(): InteractionState {
  let active: { pointerId: number; start: Pt } | null = null;
  let points: number[] = [];

  const erase = (local: ViewerPointer['local'], ctx: InteractionContext) => {
    const store = useDrawingStore.getState();
    const scale = ctx.viewer().view.scale;
    const at = ctx.toImage(local);
    // The film's drawings, whichever set holds them (the older Superimposition set too).
    const ids = shapesHit(filmDrawings(store.present), [at.x, at.y], ERASER_RADIUS / scale, scale);
    if (ids.length > 0) store.remove(ids);
  };

  const shapeFor = (to: Pt, ctx: InteractionContext): DrawingShape | null => {
    if (!active) return null;
    const { pen } = useDrawingStore.getState();
    const { width, scales } = storedWidth(pen, ctx.viewer().fitScale);
    const base = { id: 'draft', color: pen.color, opacity: pen.opacity, width, scales };
    switch (pen.tool) {
      case 'pen':
        return { ...base, tool: 'pen', points: [...points] };
      case 'line':
      case 'arrow':
      case 'rectangle':
      case 'ellipse':
        return { ...base, tool: pen.tool, from: [active.start[0], active.start[1]], to: [to[0], to[1]] };
      default:
        return null;
    }
  };

  // While a stroke is under way the controller holds `stroking` (a different object, so the
  // browser captures the pointer and a release outside the film still ends the stroke).
  const here = (): InteractionState => (active ? stroking : state);
  const state: InteractionState = {
    id: DRAWING_TOOL_ID,
    cursor: 'crosshair',
    hoverCursor: () => (useDrawingStore.getState().pen.tool === 'text' ? 'text' : 'crosshair'),
    onPointerDown(pointer, ctx) {
      if (pointer.button === 1) return panningState(pointer, ctx.viewer().view, state);
      if (pointer.button !== 0 || active) return here();
      const store = useDrawingStore.getState();
      if (!store.loaded || !store.writable || store.recordId !== ctx.landmarks().recordId) return here();
      const at = ctx.toImage(pointer.local);
      const start: Pt = [at.x, at.y];
      switch (store.pen.tool) {
        case 'text':
          // A text typed at the last click is placed before the next field opens.
          store.commitText(ctx.viewer().fitScale);
          store.setTextAt({ at: start, text: '' });
          return here();
        case 'eraser':
          active = { pointerId: pointer.pointerId, start };
          erase(pointer.local, ctx);
          return here();
        default:
          active = { pointerId: pointer.pointerId, start };
          points = [...(penStep([], start, 0) ?? [])];
          store.setDraft(shapeFor(start, ctx));
          return here();
      }
    },
    onPointerMove(pointer, ctx) {
      if (!active || pointer.pointerId !== active.pointerId) return here();
      const store = useDrawingStore.getState();
      if (store.pen.tool === 'eraser') {
        erase(pointer.local, ctx);
        return here();
      }
      const at = ctx.toImage(pointer.local);
      const to: Pt = [at.x, at.y];
      if (store.pen.tool === 'pen') {
        const next = penStep(points, to, PEN_STEP / ctx.viewer().view.scale);
        if (next) points.push(next[0], next[1]);
      }
      ctx.onFrame('drawing', () => useDrawingStore.getState().setDraft(shapeFor(to, ctx)));
      return here();
    },
    onPointerUp(pointer, ctx) {
      if (!active || pointer.pointerId !== active.pointerId) return here();
      const store = useDrawingStore.getState();
      const at = ctx.toImage(pointer.local);
      const to: Pt = [at.x, at.y];
      if (store.pen.tool === 'pen') {
        const next = penStep(points, to, PEN_STEP / ctx.viewer().view.scale);
        if (next) points.push(next[0], next[1]);
        // A click without a move is a dot: a stroke of one point twice.
        if (points.length === 2) points.push(points[0]!, points[1]!);
      }
      const shape = store.pen.tool === 'eraser' ? null : shapeFor(to, ctx);
      const start = active.start;
      active = null;
      points = [];
      store.setDraft(null);
      if (shape === null) return here();
      if (shape.tool !== 'pen' && shape.tool !== 'text' && !hasExtent(start, to, 2 / ctx.viewer().view.scale)) return here();
      const rounded = shape.tool === 'pen' ? shape : { ...shape, from: roundPt(start), to: roundPt(to) };
      store.add({ ...rounded, id: newShapeId() });
      return here();
    },
    onWheel(pointer, deltaY, ctx) {
      if (deltaY !== 0) ctx.viewer().zoomBy(deltaY < 0 ? WHEEL_STEP : 1 / WHEEL_STEP, pointer.local);
      return here();
    },
    onKeyDown(key, ctx) {
      const store = useDrawingStore.getState();
      const history = historyKey(key);
      if (history) {
        if (active) return stroking;
        if (history === 'undo') store.undo();
        else store.redo();
        return here();
      }
      if (key.key === 'Escape') {
        if (active || store.draft || store.textAt) {
          active = null;
          points = [];
          store.setDraft(null);
          store.setTextAt(null);
          return here();
        }
        return ctx.enterTool('idle');
      }
      return null;
    },
    onExit() {
      active = null;
      points = [];
      useDrawingStore.getState().setDraft(null);
      useDrawingStore.getState().setTextAt(null);
    },
  };
  const stroking: InteractionState = { ...state };
  return state;
}

const roundPt = (p: Pt): [number, number] => [Math.round(p[0] * 100) / 100, Math.round(p[1] * 100) / 100];
