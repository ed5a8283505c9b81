/*
 * What the printed planning figures share: points to an SVG viewBox and a polyline drawn at a constant
 * stroke width whatever the figure's scale.
 */

export type Point = { readonly x: number; readonly y: number };

const pts = (points: readonly Point[]) => points.map((p) => `${p.x},${p.y}`).join(' ');

/** An SVG viewBox around `points` with a 5% margin (`flip`: y up, as the profilogram's frame). */
export function viewBox(points: readonly Point[], flip = false): string {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => (flip ? -p.y : p.y));
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const pad = Math.max(x1 - x0, y1 - y0, 1) * 0.05;
  return `${x0 - pad} ${y0 - pad} ${x1 - x0 + 2 * pad} ${y1 - y0 + 2 * pad}`;
}

export function Line({ points, colour, width, dash }: { points: readonly Point[]; colour: string; width: number; dash?: string }) {
  return (
    <polyline
      points={pts(points)}
      fill="none"
      stroke={colour}
      strokeWidth={width}
      strokeDasharray={dash}
      vectorEffect="non-scaling-stroke"
    />
  );
}
