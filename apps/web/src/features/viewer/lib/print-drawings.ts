import { arrowHead } from '@ceppro/ceph';
import { DRAWING_TEXT_SCALE, type DrawingShape } from '@ceppro/contract';
import { ellipsePolygon, penPoints, rectanglePolygon, type Pt } from './drawing-shapes.ts';

/**
 * The film's drawings on the printed film's canvas, whose transform maps image px of the original
 * upload to the output; `u` is image px per output px. A stroke that scales with the zoom keeps
 * its image-px width (it stays in proportion to the film); a constant-width stroke is printed at
 * its screen width in output px.
 */
export function drawShapesOnCanvas(ctx: CanvasRenderingContext2D, shapes: readonly DrawingShape[], u: number): void {
  ctx.save();
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  for (const shape of shapes) {
    const width = shape.scales ? shape.width : shape.width * u;
    ctx.globalAlpha = shape.opacity;
    ctx.strokeStyle = shape.color;
    ctx.fillStyle = shape.color;
    ctx.lineWidth = width;
    if (shape.tool === 'text') {
      ctx.font = `${width * DRAWING_TEXT_SCALE}px sans-serif`;
      ctx.textBaseline = 'top';
      ctx.fillText(shape.text, shape.at[0], shape.at[1]);
      continue;
    }
    const path = pathOf(shape, width);
    ctx.beginPath();
    path.forEach((p, i) => (i === 0 ? ctx.moveTo(p[0], p[1]) : ctx.lineTo(p[0], p[1])));
    ctx.stroke();
  }
  ctx.restore();
}

function pathOf(shape: Exclude<DrawingShape, { tool: 'text' }>, width: number): Pt[] {
  switch (shape.tool) {
    case 'pen':
      return penPoints(shape.points);
    case 'line':
      return [shape.from, shape.to];
    case 'arrow': {
      const [a, b] = arrowHead(shape.from, shape.to, width * 4 + 6);
      return [shape.from, shape.to, a, shape.to, b];
    }
    case 'rectangle':
      return rectanglePolygon(shape.from, shape.to);
    case 'ellipse':
      return ellipsePolygon(shape.from, shape.to);
  }
}
