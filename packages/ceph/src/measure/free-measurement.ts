import { mmPerPx, type Calibration } from '../calibration/calibration.ts';
import type { Vec2 } from '../geometry/units.ts';

/**
 * A free measurement's points (spec: Viewer > measuring tools), IMAGE PIXELS of the original upload:
 * a distance between two points, or an angle whose vertex is `points[1]`.
 */
export type FreeMeasurementPoints =
  | { readonly kind: 'distance'; readonly points: readonly [Vec2, Vec2] }
  | { readonly kind: 'angle'; readonly points: readonly [Vec2, Vec2, Vec2] };

/** A measurement's value: mm (calibrated) or px for a distance, degrees (0–180) for an angle. */
export interface FreeMeasurementValue {
  readonly value: number;
  readonly unit: 'mm' | 'px' | 'deg';
}

/**
 * Value of a free measurement from its image-pixel points. A distance uses the calibration's mm per
 * px along x and y separately (anisotropic spacing allowed); an uncalibrated film gives px. An angle
 * is unit-free in px but still measured in mm space, so anisotropic spacing cannot skew it. null for
 * a degenerate angle (an arm of zero length).
 */
export function freeMeasurementValue(item: FreeMeasurementPoints, calibration: Calibration): FreeMeasurementValue | null {
  const s = mmPerPx(calibration) ?? { x: 1, y: 1 };
  const vec = (a: Vec2, b: Vec2) => ({ x: (b.x - a.x) * s.x, y: (b.y - a.y) * s.y });
  if (item.kind === 'distance') {
    const d = vec(item.points[0], item.points[1]);
    return { value: Math.hypot(d.x, d.y), unit: calibration.kind === 'calibrated' ? 'mm' : 'px' };
  }
  const u = vec(item.points[1], item.points[0]);
  const w = vec(item.points[1], item.points[2]);
  const lu = Math.hypot(u.x, u.y);
  const lw = Math.hypot(w.x, w.y);
  if (lu === 0 || lw === 0) return null;
  const cos = Math.min(1, Math.max(-1, (u.x * w.x + u.y * w.y) / (lu * lw)));
  return { value: (Math.acos(cos) * 180) / Math.PI, unit: 'deg' };
}
