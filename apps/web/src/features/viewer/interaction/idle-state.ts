import { WHEEL_STEP } from '../lib/coordinates.ts';
import { draggingLandmarkState } from './dragging-landmark-state.ts';
import { nudgeForKey } from './nudge.ts';
import { panningState } from './panning-state.ts';
import type { InteractionState } from './types.ts';

/**
 * Nothing in progress: pressing on a landmark selects it and starts dragging it, pressing on the
 * film elsewhere pans, the wheel zooms around the pointer, arrows nudge the selected landmark.
 */
export const idleState: InteractionState = {
  id: 'idle',
  cursor: 'grab',
  onPointerDown(pointer, ctx) {
    if (pointer.button !== 0) return idleState;
    const hit = ctx.hitLandmark(pointer.local);
    if (hit !== null) {
      ctx.landmarks().select(hit);
      // A role that may not move landmarks selects one to read it, and pans as on the bare film.
      if (!ctx.landmarks().readOnly) return draggingLandmarkState(pointer, hit, ctx, idleState);
    }
    return panningState(pointer, ctx.viewer().view, idleState);
  },
  hoverCursor(pointer, ctx) {
    return ctx.hitLandmark(pointer.local) === null || ctx.landmarks().readOnly ? 'grab' : 'move';
  },
  onWheel(pointer, deltaY, ctx) {
    if (deltaY !== 0) ctx.viewer().zoomBy(deltaY < 0 ? WHEEL_STEP : 1 / WHEEL_STEP, pointer.local);
    return idleState;
  },
  onKeyDown(key, ctx) {
    const landmarks = ctx.landmarks();
    const step = nudgeForKey(key);
    if (step && landmarks.selected !== null && !landmarks.readOnly) {
      landmarks.nudge(step.dx, step.dy);
      return idleState;
    }
    if (key.key === 'Escape' && landmarks.selected !== null) {
      landmarks.select(null);
      return idleState;
    }
    return null;
  },
};
