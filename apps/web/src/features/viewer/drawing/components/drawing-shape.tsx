import { arrowHead } from '@ceppro/ceph';
import type { DrawingShape } from '@ceppro/contract';
import { memo } from 'react';
import { ellipsePolygon, penPoints, textSize } from '../../lib/drawing-shapes.ts';
import { imageWidth } from '../../lib/drawing-stroke.ts';

interface DrawingShapeViewProps {
  shape: DrawingShape;
  /** The view's screen px per image px: a constant-screen-width stroke depends on it. */
  scale: number;
}

const pts = (points: ReadonlyArray<readonly [number, number]>) => points.map((p) => `${p[0]},${p[1]}`).join(' ');

/** One drawn shape in image px of the original upload (inside the overlay's view transform). */
export const DrawingShapeView = memo(function DrawingShapeView({ shape, scale }: DrawingShapeViewProps) {
  const width = imageWidth(shape, scale);
  const common = {
    'data-testid': 'drawing-shape',
    'data-id': shape.id,
    'data-tool': shape.tool,
    stroke: shape.color,
    strokeWidth: width,
    strokeOpacity: shape.opacity,
    fill: 'none',
    strokeLinecap: 'round' as const,
    strokeLinejoin: 'round' as const,
  };
  switch (shape.tool) {
    case 'pen':
      return <polyline {...common} points={pts(penPoints(shape.points))} data-points={shape.points.slice(0, 4).join(',')} />;
    case 'line':
      return (
        <line
          {...common}
          x1={shape.from[0]}
          y1={shape.from[1]}
          x2={shape.to[0]}
          y2={shape.to[1]}
          data-from={shape.from.join(',')}
          data-to={shape.to.join(',')}
        />
      );
    case 'arrow': {
      const [a, b] = arrowHead(shape.from, shape.to, width * 4 + 6 / scale);
      return (
        <polyline
          {...common}
          points={pts([shape.from, shape.to, a, shape.to, b])}
          data-from={shape.from.join(',')}
          data-to={shape.to.join(',')}
        />
      );
    }
    case 'rectangle':
      return (
        <rect
          {...common}
          x={Math.min(shape.from[0], shape.to[0])}
          y={Math.min(shape.from[1], shape.to[1])}
          width={Math.abs(shape.to[0] - shape.from[0])}
          height={Math.abs(shape.to[1] - shape.from[1])}
          data-from={shape.from.join(',')}
          data-to={shape.to.join(',')}
        />
      );
    case 'ellipse':
      return (
        <polygon
          {...common}
          points={pts(ellipsePolygon(shape.from, shape.to))}
          data-from={shape.from.join(',')}
          data-to={shape.to.join(',')}
        />
      );
    case 'text':
      return (
        <text
          data-testid="drawing-shape"
          data-id={shape.id}
          data-tool="text"
          data-at={shape.at.join(',')}
          x={shape.at[0]}
          y={shape.at[1]}
          fill={shape.color}
          fillOpacity={shape.opacity}
          fontSize={textSize(shape, scale)}
          fontFamily="sans-serif"
          dominantBaseline="hanging"
        >
          {shape.text}
        </text>
      );
  }
});
