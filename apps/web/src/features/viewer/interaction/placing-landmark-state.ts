import { guidedTarget } from '../store/landmark-store.ts';
import { clickToolState } from './click-tool-state.ts';
import { idleState } from './idle-state.ts';
import type { InteractionState } from './types.ts';

/**
 * Guided placement: the landmark store's `guided` queue names the landmarks to place; each click on
 * the film places the one asked for now, then the next is asked for. A drag still pans (a user
 * often has to move the film to find the point). Escape or an empty queue returns to idle.
 */
export function placingLandmarkState(): InteractionState {
  return clickToolState({
    id: 'placing-landmark',
    onClick(point, ctx, self) {
      const landmarks = ctx.landmarks();
      const id = guidedTarget(landmarks);
      if (id === null) return idleState;
      landmarks.place(id, point);
      return guidedTarget(ctx.landmarks()) === null ? idleState : self;
    },
    onCancel: (ctx) => ctx.landmarks().cancelGuidedPlacement(),
  });
}
