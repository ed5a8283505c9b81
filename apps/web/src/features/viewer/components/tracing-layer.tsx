import { useMemo } from 'react';
import { tracingDots, tracingPaths } from '../lib/tracing-paths.ts';
import { livePositions, useLandmarkStore } from '../store/landmark-store.ts';
import { useViewerStore } from '../store/viewer-store.ts';

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
  if (!visible) return null;
  return (
    <g className="tracing-layer" data-testid="tracing-layer">
      {paths.map((p) => (
        <path key={p.id} className="tracing-layer__line" data-outline={p.id} d={p.d} vectorEffect="non-scaling-stroke" />
      ))}
      {dots.map(({ id, point }) => (
        <g key={id} transform={`translate(${point.x} ${point.y})`}>
          <circle className="tracing-layer__dot" r={2.5} />
        </g>
      ))}
    </g>
  );
}
