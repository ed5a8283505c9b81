import type { ImagePoint, Vec2 } from '../geometry/units.ts';
import { imagePoint } from '../geometry/units.ts';

/**
 * A frame attached to one film's anterior cranial base: origin Sella, `u` along S -> N (anterior),
 * `v` perpendicular to it towards the feet (inferior), both in units of the film's S-N length. A
 * displacement written in this frame means the same anatomical shift on a left- or right-facing
 * film, on a film of any pixel spacing, and on a head tilted in the cephalostat.
 */
export interface SkullFrame {
  readonly origin: ImagePoint;
  /** Unit vector S -> N in image px (x right, y down). */
  readonly along: Vec2;
  /** Unit vector perpendicular to S-N pointing inferior, in image px. */
  readonly down: Vec2;
  /** |S-N| in image px. */
  readonly snPx: number;
}

/** A displacement in a SkullFrame: `u` anterior, `v` inferior, as fractions of the film's S-N length. */
export interface SkullOffset {
  readonly u: number;
  readonly v: number;
}

/**
 * The skull frame of a film from its Sella and Nasion (image px). The inferior direction is S-N
 * turned a quarter towards y-down on a right-facing film (N to the right of S) and the other way
 * on a left-facing one, so `v` is inferior on both. Null when S and N coincide.
 */
export function skullFrame(sella: Vec2, nasion: Vec2): SkullFrame | null {
  const dx = nasion.x - sella.x;
  const dy = nasion.y - sella.y;
  const snPx = Math.hypot(dx, dy);
  if (!(snPx > 1e-9)) return null;
  const along = { x: dx / snPx, y: dy / snPx };
  const facing = dx >= 0 ? 1 : -1;
  const down = { x: -along.y * facing, y: along.x * facing };
  return { origin: imagePoint(sella.x, sella.y), along, down, snPx };
}

/** An image-px displacement (x right, y down) as a SkullOffset (fractions of S-N). */
export function toSkullOffset(frame: SkullFrame, d: Vec2): SkullOffset {
  return {
    u: (d.x * frame.along.x + d.y * frame.along.y) / frame.snPx,
    v: (d.x * frame.down.x + d.y * frame.down.y) / frame.snPx,
  };
}

/** A SkullOffset as an image-px displacement on the frame's film. */
export function fromSkullOffset(frame: SkullFrame, o: SkullOffset): Vec2 {
  return {
    x: (o.u * frame.along.x + o.v * frame.down.x) * frame.snPx,
    y: (o.u * frame.along.y + o.v * frame.down.y) * frame.snPx,
  };
}
