import type { FreeMeasurementKind } from '@ceppro/contract';
import { clickToolState } from '../../interaction/click-tool-state.ts';
import { idleState } from '../../interaction/idle-state.ts';
import type { InteractionState } from '../../interaction/types.ts';
import { useMeasureStore } from '../store/measure-store.ts';

export const MEASURE_TOOL_IDS: Record<FreeMeasurementKind, string> = { distance: 'measure-distance', angle: 'measure-angle' };

/**
 * A free measurement tool (docs/house-rules.md §5): each click on the film puts down one point (image px);
 * the second (distance) or third (angle, the middle click being the vertex) finishes the measurement
 * and hands back to idle. A drag pans; Escape or another tool abandons the unfinished one.
 */
export function measureState(kind: FreeMeasurementKind): InteractionState {
  return clickToolState({
    id: MEASURE_TOOL_IDS[kind],
    onClick(point, _ctx, self) {
      const store = useMeasureStore.getState();
      if (store.draft?.kind !== kind) store.start(kind);
      return useMeasureStore.getState().add(point) === null ? self : idleState;
    },
    onCancel: () => useMeasureStore.getState().cancel(),
    onExit() {
      if (useMeasureStore.getState().draft !== null) useMeasureStore.getState().cancel();
    },
  });
}
