import { imagePoint, type ImagePoint, type LandmarkId } from '@ceppro/ceph';
import type { InteractionContext, InteractionState, ViewerPointer } from './types.ts';

/** Below this many screen px of travel a press is a click (select only): a jittery click must not move a landmark. */
export const DRAG_THRESHOLD_PX = 3;

/**
 * Dragging one landmark. The landmark moves by exactly the pointer's travel converted to image px
 * (not to the pointer's position: grabbing a marker off-centre must not make it jump). Moves only
 * set the store's `preview`, once per animation frame; the overlay draws it directly. Release
 * commits one `move` (one undo step); Escape puts it back.
 */
export function draggingLandmarkState(
  start: ViewerPointer,
  id: LandmarkId,
  ctx: InteractionContext,
  resume: InteractionState,
): InteractionState {
  const origin = ctx.landmarks().positions[id];
  const startImage = ctx.toImage(start.local);
  let moved = false;

  const target = (pointer: ViewerPointer): ImagePoint | null => {
    if (!origin) return null;
    const at = ctx.toImage(pointer.local);
    return imagePoint(origin.x + at.x - startImage.x, origin.y + at.y - startImage.y);
  };
  const travelled = (pointer: ViewerPointer) =>
    Math.hypot(pointer.local.x - start.local.x, pointer.local.y - start.local.y) >= DRAG_THRESHOLD_PX;

  const state: InteractionState = {
    id: 'dragging-landmark',
    cursor: 'grabbing',
    onPointerMove(pointer, c) {
      if (pointer.pointerId !== start.pointerId) return state;
      moved ||= travelled(pointer);
      const point = target(pointer);
      if (moved && point) c.onFrame('drag-landmark', () => c.landmarks().setPreview(id, point));
      return state;
    },
    onPointerUp(pointer, c) {
      if (pointer.pointerId !== start.pointerId) return state;
      moved ||= travelled(pointer);
      const point = target(pointer);
      if (moved && point) c.landmarks().move(id, point);
      else c.landmarks().clearPreview();
      return resume;
    },
    onKeyDown(key, c) {
      if (key.key !== 'Escape') return state;
      c.landmarks().clearPreview();
      return resume;
    },
    onExit(c) {
      c.landmarks().clearPreview();
    },
  };
  return state;
}
