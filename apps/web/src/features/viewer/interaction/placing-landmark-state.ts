import { guidedTarget } from '../store/landmark-store.ts';
import { DRAG_THRESHOLD_PX } from './dragging-landmark-state.ts';
import { idleState } from './idle-state.ts';
import { panningState } from './panning-state.ts';
import type { InteractionState, ViewerPointer } from './types.ts';

/**
 * Guided placement: the landmark store's `guided` queue names the landmarks to place; each click on
 * the film places the one asked for now, then the next is asked for. A drag still pans (a user
 * often has to move the film to find the point). Escape or an empty queue returns to idle.
 */
export function placingLandmarkState(): InteractionState {
  let press: ViewerPointer | null = null;
  const state: InteractionState = {
    id: 'placing-landmark',
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
      const landmarks = ctx.landmarks();
      const id = guidedTarget(landmarks);
      if (id === null) return idleState;
      landmarks.place(id, ctx.toImage(pointer.local));
      return guidedTarget(ctx.landmarks()) === null ? idleState : state;
    },
    onWheel(pointer, deltaY, ctx) {
      idleState.onWheel?.(pointer, deltaY, ctx);
      return state;
    },
    onKeyDown(key, ctx) {
      if (key.key !== 'Escape') return null;
      ctx.landmarks().cancelGuidedPlacement();
      return idleState;
    },
  };
  return state;
}
