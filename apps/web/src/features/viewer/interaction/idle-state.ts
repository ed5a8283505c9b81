import { WHEEL_STEP } from '../lib/coordinates.ts';
import { panningState } from './panning-state.ts';
import type { InteractionState } from './types.ts';

/** Nothing in progress: the wheel zooms around the pointer, a primary-button drag pans. */
export const idleState: InteractionState = {
  id: 'idle',
  cursor: 'grab',
  onPointerDown(pointer, ctx) {
    if (pointer.button !== 0) return idleState;
    return panningState(pointer, ctx.viewer().view);
  },
  onWheel(pointer, deltaY, ctx) {
    if (deltaY !== 0) ctx.viewer().zoomBy(deltaY < 0 ? WHEEL_STEP : 1 / WHEEL_STEP, pointer.local);
    return idleState;
  },
};
