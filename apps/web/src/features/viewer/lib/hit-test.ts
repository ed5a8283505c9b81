import type { ImagePoint, LandmarkId, LandmarkMap, Vec2, ViewTransform } from '@ceppro/ceph';
import { imageToScreen } from '@ceppro/ceph';

/** How close (screen CSS px) a press must be to a marker's centre to grab it: a bit over the drawn halo. */
export const HIT_RADIUS_PX = 10;

/**
 * The landmark nearest to a viewport-local point within `radius` screen px, or null. Done on the
 * positions rather than on the DOM, so the headless harness and the browser agree and no layout is
 * read during a press.
 */
export function hitTestLandmark(
  positions: LandmarkMap<ImagePoint>,
  local: Vec2,
  view: ViewTransform,
  radius = HIT_RADIUS_PX,
): LandmarkId | null {
  let best: LandmarkId | null = null;
  let bestDistance = radius;
  for (const [id, point] of Object.entries(positions) as [LandmarkId, ImagePoint][]) {
    const screen = imageToScreen(point, view);
    const d = Math.hypot(screen.x - local.x, screen.y - local.y);
    if (d <= bestDistance) {
      best = id;
      bestDistance = d;
    }
  }
  return best;
}
