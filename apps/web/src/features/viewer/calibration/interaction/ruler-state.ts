import { DRAG_THRESHOLD_PX } from '../../interaction/dragging-landmark-state.ts';
import { idleState } from '../../interaction/idle-state.ts';
import { panningState } from '../../interaction/panning-state.ts';
import type { InteractionState, ViewerPointer } from '../../interaction/types.ts';
import { useRulerStore } from '../store/ruler-store.ts';

export const RULER_TOOL_ID = 'ruler';

/**
 * The calibration ruler tool (house style 5): each click on the film puts down one end of the
 * ruler (image px); after the second the tool hands back to idle and the panel asks for the known
 * length. A drag pans, as everywhere in the viewer, so the user can bring the scale into view.
 * Escape (or leaving for another tool) abandons the unfinished ruler.
 */
export function rulerState(): InteractionState {
  let press: ViewerPointer | null = null;
  const state: InteractionState = {
    id: RULER_TOOL_ID,
    cursor: 'crosshair',
    onPointerDown(pointer) {
      if (pointer.button === 0) press = pointer;
      return state;
    },
    onPointerMove(pointer, ctx) {
      if (press === null || pointer.pointerId !== press.pointerId) return state;
      if (Math.hypot(pointer.local.x - press.local.x, pointer.local.y - press.local.y) < DRAG_THRESHOLD_PX) return state;
      const panning = panningState(press, ctx.viewer().view, state);
      press = null;
      return panning.onPointerMove?.(pointer, ctx) ?? panning;
    },
    onPointerUp(pointer, ctx) {
      if (press === null || pointer.pointerId !== press.pointerId) return state;
      press = null;
      const ruler = useRulerStore.getState();
      if (ruler.phase !== 'placing') ruler.start();
      useRulerStore.getState().addPoint(ctx.toImage(pointer.local));
      return useRulerStore.getState().phase === 'length' ? idleState : state;
    },
    onWheel(pointer, deltaY, ctx) {
      idleState.onWheel?.(pointer, deltaY, ctx);
      return state;
    },
    onKeyDown(key) {
      if (key.key !== 'Escape') return null;
      useRulerStore.getState().cancel();
      return idleState;
    },
    onExit() {
      if (useRulerStore.getState().phase === 'placing') useRulerStore.getState().cancel();
    },
  };
  return state;
}
