import type { ViewTransform } from '@ceppro/ceph';
import type { InteractionState, ViewerPointer } from './types.ts';

/** Dragging the image: the translation follows the pointer from where the drag began; `resume` on release. */
export function panningState(start: ViewerPointer, from: ViewTransform, resume: InteractionState): InteractionState {
  const state: InteractionState = {
    id: 'panning',
    cursor: 'grabbing',
    onPointerMove(pointer, ctx) {
      if (pointer.pointerId !== start.pointerId) return state;
      ctx.viewer().setView({
        scale: from.scale,
        translateX: from.translateX + pointer.local.x - start.local.x,
        translateY: from.translateY + pointer.local.y - start.local.y,
      });
      return state;
    },
    onPointerUp(pointer) {
      return pointer.pointerId === start.pointerId ? resume : state;
    },
    onKeyDown(key) {
      return key.key === 'Escape' ? resume : null;
    },
  };
  return state;
}
