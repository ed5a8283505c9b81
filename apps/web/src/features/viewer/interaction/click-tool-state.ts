import type { ImagePoint } from '@ceppro/ceph';
import { DRAG_THRESHOLD_PX } from './dragging-landmark-state.ts';
import { idleState } from './idle-state.ts';
import { panningState } from './panning-state.ts';
import type { InteractionContext, InteractionState, ViewerPointer } from './types.ts';

export interface ClickToolOptions {
  id: string;
  /** A click (press and release without dragging) at `point`, in image px; returns the next state. */
  onClick(point: ImagePoint, ctx: InteractionContext, self: InteractionState): InteractionState;
  /** Escape: abandon the tool's work. */
  onCancel(ctx: InteractionContext): void;
  onExit?(): void;
}

/**
 * A tool that takes clicks on the film (guided landmark placement, the calibration ruler). A drag
 * still pans and the wheel still zooms, since the user often has to move the film to find the
 * point; Escape cancels and returns to idle.
 */
export function clickToolState(options: ClickToolOptions): InteractionState {
  let press: ViewerPointer | null = null;
  const state: InteractionState = {
    id: options.id,
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
      return options.onClick(ctx.toImage(pointer.local), ctx, state);
    },
    onWheel(pointer, deltaY, ctx) {
      idleState.onWheel?.(pointer, deltaY, ctx);
      return state;
    },
    onKeyDown(key, ctx) {
      if (key.key !== 'Escape') return null;
      options.onCancel(ctx);
      return idleState;
    },
    ...(options.onExit && { onExit: options.onExit }),
  };
  return state;
}
