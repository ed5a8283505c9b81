import type { ViewTransform } from '@ceppro/ceph';
import type { Size } from './coordinates.ts';

/**
 * How much of the film must stay in the viewport whatever the pan: this share of the film's
 * on-screen width/height, or this many CSS px, whichever is larger (never more than the film or
 * the viewport itself). A film pushed further is held at the edge, so it can never be lost.
 */
export const KEEP_VISIBLE_SHARE = 0.2;
export const KEEP_VISIBLE_PX = 80;

/** The translation range along one axis that keeps `keep` px of a `length` px film inside `room` px. */
function clampAxis(translate: number, length: number, room: number): number {
  const keep = Math.min(Math.max(length * KEEP_VISIBLE_SHARE, KEEP_VISIBLE_PX), length, room);
  // Film spans [translate, translate + length]; the overlap with [0, room] must be at least `keep`.
  const min = keep - length;
  const max = room - keep;
  return Math.min(max, Math.max(min, translate));
}

/**
 * `view` with its translation clamped so part of the film stays on screen (see KEEP_VISIBLE_*),
 * scale unchanged. Image px of `image` map to viewport-local CSS px by the view transform. Returns
 * `view` itself when nothing needs to move, or when a size is still unknown (zero).
 */
export function clampPan(view: ViewTransform, image: Size, viewport: Size): ViewTransform {
  if (image.width <= 0 || image.height <= 0 || viewport.width <= 0 || viewport.height <= 0) return view;
  const translateX = clampAxis(view.translateX, image.width * view.scale, viewport.width);
  const translateY = clampAxis(view.translateY, image.height * view.scale, viewport.height);
  return translateX === view.translateX && translateY === view.translateY ? view : { scale: view.scale, translateX, translateY };
}
