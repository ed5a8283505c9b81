import { arrowHead } from '@ceppro/ceph';
import type { DrawingShape } from '@ceppro/contract';

/**
 * The drawing pad's film drawings (the report model's `film.drawings`: `drawing_result.coords`,
 * image px of the original upload) on the PDF's film, as SVG inside the overlay's viewBox. `u` is
 * image px per output px: a stroke that scales with the zoom keeps its image-px width; a
 * constant-width one is printed at its screen width in output px, as the web print does. Text
 * shapes are not here: they are PDF text in the embedded fonts (report-film-text.ts).
 */

const f = (n: number) => (Math.round(n * 100) / 100).toString();
const pts = (points: ReadonlyArray<readonly [number, number]>) => points.map((p) => `${f(p[0])},${f(p[1])}`).join(' ');

function ellipse(from: readonly [number, number], to: readonly [number, number]): string {
  const cx = (from[0] + to[0]) / 2;
  const cy = (from[1] + to[1]) / 2;
  return `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(Math.abs(to[0] - from[0]) / 2)}" ry="${f(Math.abs(to[1] - from[1]) / 2)}"`;
}

function shapeSvg(shape: DrawingShape, u: number): string {
  const width = shape.scales ? shape.width : shape.width * u;
  const stroke =
    `fill="none" stroke="${shape.color}" stroke-opacity="${shape.opacity}" stroke-width="${f(width)}" ` +
    `stroke-linecap="round" stroke-linejoin="round"/>`;
  switch (shape.tool) {
    case 'pen': {
      const points: Array<[number, number]> = [];
      for (let i = 0; i + 1 < shape.points.length; i += 2) points.push([shape.points[i]!, shape.points[i + 1]!]);
      return `<polyline points="${pts(points)}" ${stroke}`;
    }
    case 'line':
      return `<line x1="${f(shape.from[0])}" y1="${f(shape.from[1])}" x2="${f(shape.to[0])}" y2="${f(shape.to[1])}" ${stroke}`;
    case 'arrow': {
      const [a, b] = arrowHead(shape.from, shape.to, width * 4 + 6 * u);
      return `<polyline points="${pts([shape.from, shape.to, a, shape.to, b])}" ${stroke}`;
    }
    case 'rectangle': {
      const x = Math.min(shape.from[0], shape.to[0]);
      const y = Math.min(shape.from[1], shape.to[1]);
      return (
        `<rect x="${f(x)}" y="${f(y)}" width="${f(Math.abs(shape.to[0] - shape.from[0]))}" ` +
        `height="${f(Math.abs(shape.to[1] - shape.from[1]))}" ${stroke}`
      );
    }
    case 'ellipse':
      return `${ellipse(shape.from, shape.to)} ${stroke}`;
    case 'text':
      return '';
  }
}

/** `svg` (the film overlay, closed by `</svg>`) with the drawings added on top. */
export function withDrawings(svg: string, drawings: readonly DrawingShape[], u: number): string {
  const shapes = drawings.map((d) => shapeSvg(d, u)).join('');
  if (shapes === '') return svg;
  const group = `<g data-layer="drawings">${shapes}</g>`;
  const end = svg.lastIndexOf('</svg>');
  return end < 0 ? svg : `${svg.slice(0, end)}${group}</svg>`;
}
