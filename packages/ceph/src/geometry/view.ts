import type { ImagePoint, Vec2 } from './units.ts';
import { imagePoint } from './units.ts';

/** Viewer transform (spec defaults: scale 1, translate 0,0). Screen = image · scale + translate, in CSS px. */
export interface ViewTransform {
  readonly scale: number;
  readonly translateX: number;
  readonly translateY: number;
}

/** The spec's default viewer transform. */
export const DEFAULT_VIEW_TRANSFORM: ViewTransform = { scale: 1, translateX: 0, translateY: 0 };

/** Screen (CSS px, viewer element origin) → image pixels of the original upload. */
export function screenToImage(p: Vec2, view: ViewTransform): ImagePoint {
  return imagePoint((p.x - view.translateX) / view.scale, (p.y - view.translateY) / view.scale);
}

/** Image pixels of the original upload → screen (CSS px, viewer element origin). */
export function imageToScreen(p: ImagePoint, view: ViewTransform): Vec2 {
  return { x: p.x * view.scale + view.translateX, y: p.y * view.scale + view.translateY };
}
