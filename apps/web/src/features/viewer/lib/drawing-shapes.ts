import { DRAWING_LIMITS, DRAWING_TEXT_SCALE, type DrawingShape } from '@ceppro/contract';
import { imageWidth, round } from './drawing-stroke.ts';

/**
 * Geometry of drawn shapes, all in image px of the original upload (docs/house-rules.md §2): building a
 * shape from a drag, and the eraser's hit test (it removes whole shapes it touches).
 */
export type Pt = readonly [number, number];

/** Distance from `p` to the segment a-b. */
export function segmentDistance(p: Pt, a: Pt, b: Pt): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

/** Distance from `p` to a polyline (a single point is a dot). */
export function polylineDistance(p: Pt, points: readonly Pt[]): number {
  if (points.length === 0) return Infinity;
  if (points.length === 1) return Math.hypot(p[0] - points[0]![0], p[1] - points[0]![1]);
  let best = Infinity;
  for (let i = 1; i < points.length; i += 1) best = Math.min(best, segmentDistance(p, points[i - 1]!, points[i]!));
  return best;
}

/** The pen's flat [x0, y0, x1, y1, ...] as points. */
export function penPoints(flat: readonly number[]): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i]!, flat[i + 1]!]);
  return out;
}

/** The ellipse inscribed in the box from-to, as a closed polygon of `steps` points. */
export function ellipsePolygon(from: Pt, to: Pt, steps = 72): Pt[] {
  const cx = (from[0] + to[0]) / 2;
  const cy = (from[1] + to[1]) / 2;
  const rx = Math.abs(to[0] - from[0]) / 2;
  const ry = Math.abs(to[1] - from[1]) / 2;
  const out: Pt[] = [];
  for (let i = 0; i <= steps; i += 1) {
    const a = (i / steps) * Math.PI * 2;
    out.push([cx + rx * Math.cos(a), cy + ry * Math.sin(a)]);
  }
  return out;
}

export function rectanglePolygon(from: Pt, to: Pt): Pt[] {
  return [from, [to[0], from[1]], to, [from[0], to[1]], from];
}

/** A text shape's font size in image px under a view of `scale`. */
export function textSize(shape: Pick<DrawingShape, 'width' | 'scales'>, scale: number): number {
  return imageWidth(shape, scale) * DRAWING_TEXT_SCALE;
}

/**
 * A text shape's box (image px): `at` is its top-left corner; the width is estimated at 0.6 em per
 * character, which is what a sans-serif averages (good enough for the eraser to find it).
 */
export function textBox(
  shape: Extract<DrawingShape, { tool: 'text' }>,
  scale: number,
): { x: number; y: number; width: number; height: number } {
  const size = textSize(shape, scale);
  return { x: shape.at[0], y: shape.at[1], width: Math.max(size * 0.6 * shape.text.length, size * 0.6), height: size * 1.2 };
}

/** Distance from `p` to what is drawn of `shape` (0 inside a text's box). */
export function shapeDistance(shape: DrawingShape, p: Pt, scale: number): number {
  switch (shape.tool) {
    case 'pen':
      return polylineDistance(p, penPoints(shape.points));
    case 'line':
      return segmentDistance(p, shape.from, shape.to);
    case 'arrow':
      return segmentDistance(p, shape.from, shape.to);
    case 'rectangle':
      return polylineDistance(p, rectanglePolygon(shape.from, shape.to));
    case 'ellipse':
      return polylineDistance(p, ellipsePolygon(shape.from, shape.to));
    case 'text': {
      const box = textBox(shape, scale);
      const dx = Math.max(box.x - p[0], 0, p[0] - (box.x + box.width));
      const dy = Math.max(box.y - p[1], 0, p[1] - (box.y + box.height));
      return Math.hypot(dx, dy);
    }
  }
}

/**
 * The shapes the eraser touches at `p`: within `radius` image px of the stroke's edge. `scale` is
 * the view's screen px per image px (a constant-screen-width stroke is thicker in image px when
 * zoomed out).
 */
export function shapesHit(shapes: readonly DrawingShape[], p: Pt, radius: number, scale: number): string[] {
  return shapes.filter((s) => shapeDistance(s, p, scale) <= radius + imageWidth(s, scale) / 2).map((s) => s.id);
}

/** The pen's next point, or null when it is closer than `minStep` image px to the last one. */
export function penStep(points: readonly number[], p: Pt, minStep: number): Pt | null {
  const n = points.length;
  if (n >= 2 && Math.hypot(p[0] - points[n - 2]!, p[1] - points[n - 1]!) < minStep) return null;
  if (n >= DRAWING_LIMITS.penPoints * 2) return null;
  return [round(p[0]), round(p[1])];
}

/** Whether a two-point shape has any size (a click without a drag draws nothing). */
export function hasExtent(from: Pt, to: Pt, minimum: number): boolean {
  return Math.hypot(to[0] - from[0], to[1] - from[1]) >= minimum;
}

let counter = 0;
/** A shape id unique within a document (time + counter, no randomness needed). */
export function newShapeId(now: number = Date.now()): string {
  counter = (counter + 1) % 1_000_000;
  return `${now.toString(36)}-${counter.toString(36)}`;
}
