import type { ViewTransform } from '@ceppro/ceph';
import type { Size } from './coordinates.ts';

/**
 * How much of the film must stay in the viewport whatever the pan: this share of the film's
 * on-screen width/height, or this many CSS px, whichever is larger (never more than the film or
 * the viewport itself). A film pushed further is held there, so it can never be lost.
 */
export const KEEP_VISIBLE_SHARE = 0.2;
export const KEEP_VISIBLE_PX = 80;

/**
 * The band along every edge of the stage where its floating boxes sit (brightness/contrast bottom
 * left, about 110 px high; the legend bottom right; the drawing pad's bar top left): a quarter of
 * the stage, at most this many CSS px. The kept part of the film must also reach past it, so a film
 * pushed into a corner is never all hidden under one of them (it was: 80 x 80 px under the
 * brightness/contrast box).
 */
export const EDGE_BAND_PX = 160;

/**
 * How far into the viewport (from either edge, along one axis) a `length` px film must reach:
 * `keep` px of it inside the whole `room`, and `keep` px of it past the edge band.
 */
export function filmReach(length: number, room: number): number {
  const wanted = Math.max(length * KEEP_VISIBLE_SHARE, KEEP_VISIBLE_PX);
  const band = Math.min(EDGE_BAND_PX, room / 4);
  const inRoom = Math.min(wanted, length, room);
  const pastBand = band + Math.min(wanted, length, room - 2 * band);
  return Math.max(inRoom, pastBand);
}

/** The translation range along one axis that keeps the film reaching `filmReach` px into `room`. */
function clampAxis(translate: number, length: number, room: number): number {
  const reach = filmReach(length, room);
  // Film spans [translate, translate + length]: its far edge at least `reach` past 0, its near edge
  // at most `room - reach` (reach <= (room + length) / 2, so the range is never empty).
  const min = reach - length;
  const max = room - reach;
  return Math.min(max, Math.max(min, translate));
}

/**
 * `view` with its translation clamped so part of the film stays on screen, clear of the stage's
 * floating boxes (see KEEP_VISIBLE_* and EDGE_BAND_PX), scale unchanged. Image px of `image` map
 * to viewport-local CSS px by the view transform. Returns `view` itself when nothing needs to
 * move, or when a size is still unknown (zero).
 */
export function clampPan(view: ViewTransform, image: Size, viewport: Size): ViewTransform {
  if (image.width <= 0 || image.height <= 0 || viewport.width <= 0 || viewport.height <= 0) return view;
  const translateX = clampAxis(view.translateX, image.width * view.scale, viewport.width);
  const translateY = clampAxis(view.translateY, image.height * view.scale, viewport.height);
  return translateX === view.translateX && translateY === view.translateY ? view : { scale: view.scale, translateX, translateY };
}
