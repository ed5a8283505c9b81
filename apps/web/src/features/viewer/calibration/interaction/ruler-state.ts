import { clickToolState } from '../../interaction/click-tool-state.ts';
import { idleState } from '../../interaction/idle-state.ts';
import type { InteractionState } from '../../interaction/types.ts';
import { useRulerStore } from '../store/ruler-store.ts';

export const RULER_TOOL_ID = 'ruler';

/**
 * The calibration ruler tool (docs/house-rules.md §5): each click on the film puts down one end of the
 * ruler (image px); after the second the tool hands back to idle and the panel asks for the known
 * length. A drag pans, as everywhere in the viewer, so the user can bring the scale into view.
 * Escape (or leaving for another tool) abandons the unfinished ruler.
 */
export function rulerState(): InteractionState {
  return clickToolState({
    id: RULER_TOOL_ID,
    onClick(point, _ctx, self) {
      const ruler = useRulerStore.getState();
      if (ruler.phase !== 'placing') ruler.start();
      useRulerStore.getState().addPoint(point);
      return useRulerStore.getState().phase === 'length' ? idleState : self;
    },
    onCancel: () => useRulerStore.getState().cancel(),
    onExit() {
      if (useRulerStore.getState().phase === 'placing') useRulerStore.getState().cancel();
    },
  });
}
