import { useMemo } from 'react';
import { useViewerAppearance } from '../hooks/use-viewer-appearance.ts';
import { tracingDots, tracingPaths } from '../lib/tracing-paths.ts';
import { landmarkTissue, type TissueAppearance } from '../lib/viewer-appearance.ts';
import { livePositions, useLandmarkStore } from '../store/landmark-store.ts';
import { useViewerStore } from '../store/viewer-store.ts';

/** A tissue's tracing line: its Settings colour (else the layer's own) and width. */
function lineStyle(look: TissueAppearance) {
  return look.color ? { stroke: look.color, strokeWidth: look.lineWidth } : { strokeWidth: look.lineWidth };
}

/**
 * Tracing lines between landmarks (TRACING_OUTLINES, dots for the dot line-types), in image px with
 * non-scaling strokes. Follows a drag live: only this small layer re-renders, once per frame.
 */
export function TracingLayer() {
  const positions = useLandmarkStore((s) => s.positions);
  const preview = useLandmarkStore((s) => s.preview);
  const visible = useViewerStore((s) => s.display.tracing);
  const live = useMemo(() => livePositions({ positions, preview }), [positions, preview]);
  const paths = useMemo(() => (visible ? tracingPaths(live) : []), [live, visible]);
  const dots = useMemo(() => (visible ? tracingDots(live) : []), [live, visible]);
  const look = useViewerAppearance();
  if (!visible) return null;
  return (
    <g className="tracing-layer" data-testid="tracing-layer">
      {paths.map((p) => (
        <path
          key={p.id}
          className="tracing-layer__line"
          data-outline={p.id}
          data-tissue={p.tissue}
          d={p.d}
          vectorEffect="non-scaling-stroke"
          style={lineStyle(look[p.tissue])}
        />
      ))}
      {dots.map(({ id, point }) => {
        const dot = look[landmarkTissue(id)];
        return (
          <g key={id} transform={`translate(${point.x} ${point.y})`}>
            <circle className="tracing-layer__dot" r={dot.lineWidth + 1} style={dot.color ? { fill: dot.color } : undefined} />
          </g>
        );
      })}
    </g>
  );
}
