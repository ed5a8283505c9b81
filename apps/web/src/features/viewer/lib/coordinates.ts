import { imageToScreen, screenToImage, type ImagePoint, type ViewTransform, type Vec2 } from '@ceppro/ceph';

/**
 * Screen <-> image conversion for the viewer (docs/house-rules.md §2). "Client" points are the browser's
 * clientX/clientY (CSS px, page viewport origin); "image" points are pixels of the original upload
 * (origin top-left, y down). The view transform maps image to viewport-local CSS px:
 * local = image * scale + translate.
 */

/** The viewport element's position on the page (a DOMRect is one). */
export interface ViewportBox {
  readonly left: number;
  readonly top: number;
}

/** Pointer position (clientX/clientY) -> image pixels. */
export function clientToImage(client: Vec2, viewport: ViewportBox, view: ViewTransform): ImagePoint {
  return screenToImage({ x: client.x - viewport.left, y: client.y - viewport.top }, view);
}

/** Image pixels -> page position (clientX/clientY). */
export function imageToClient(point: ImagePoint, viewport: ViewportBox, view: ViewTransform): Vec2 {
  const local = imageToScreen(point, view);
  return { x: local.x + viewport.left, y: local.y + viewport.top };
}

export interface Size {
  readonly width: number;
  readonly height: number;
}

/**
 * The transform that shows the whole image centred in the viewport with `margin` CSS px around it.
 * Falls back to scale 1 at the origin while either size is unknown (zero).
 */
export function fitView(image: Size, viewport: Size, margin = 16): ViewTransform {
  const room = { width: viewport.width - 2 * margin, height: viewport.height - 2 * margin };
  if (image.width <= 0 || image.height <= 0 || room.width <= 0 || room.height <= 0) {
    return { scale: 1, translateX: 0, translateY: 0 };
  }
  const scale = Math.min(room.width / image.width, room.height / image.height);
  return {
    scale,
    translateX: (viewport.width - image.width * scale) / 2,
    translateY: (viewport.height - image.height * scale) / 2,
  };
}

/** docs/spec-points.md §5 / §9: the viewer's scale runs from 50% to 400% of the fitted size. */
export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 4;
/** docs/spec-points.md §9: each wheel step is about 3 percent. */
export const WHEEL_STEP = 1.03;

/**
 * Zooms by `factor` keeping the image point under `anchor` (viewport-local CSS px) where it is.
 * The result's scale is clamped to [ZOOM_MIN, ZOOM_MAX] x `fitScale`.
 */
export function zoomAt(view: ViewTransform, anchor: Vec2, factor: number, fitScale: number): ViewTransform {
  const scale = Math.min(fitScale * ZOOM_MAX, Math.max(fitScale * ZOOM_MIN, view.scale * factor));
  const under = screenToImage(anchor, view);
  return { scale, translateX: anchor.x - under.x * scale, translateY: anchor.y - under.y * scale };
}
