import type { Vec2 } from '@ceppro/ceph';
import { useEffect } from 'react';
import { useLandmarkStore } from '../../store/landmark-store.ts';
import { useRuler } from '../../api/use-ruler.ts';
import { useRulerStore } from '../store/ruler-store.ts';

function RulerPoint({ at, label }: { at: Vec2; label: string }) {
  return (
    <g transform={`translate(${at.x} ${at.y})`} data-testid="ruler-point" data-x={at.x} data-y={at.y}>
      <g className="analysis-marker">
        <line className="ruler-layer__tick" x1={-8} y1={0} x2={8} y2={0} />
        <line className="ruler-layer__tick" x1={0} y1={-8} x2={0} y2={8} />
        <circle className="ruler-layer__point" r={4} />
        <text className="ruler-layer__label" x={8} y={-8}>
          {label}
        </text>
      </g>
    </g>
  );
}

/**
 * Overlay layer: the ruler being drawn (its points as they are clicked), else the chart's stored
 * ruler with its known length. Image px of the original upload.
 */
export function RulerLayer() {
  const draft = useRulerStore();
  const recordId = useLandmarkStore((s) => s.recordId);
  const stored = useRuler(recordId).data ?? null;
  // An unfinished ruler belongs to the film it was drawn on.
  useEffect(() => () => useRulerStore.getState().cancel(), [recordId]);
  const drawing = draft.phase !== 'idle';
  const p1 = drawing ? draft.p1 : (stored?.p1 ?? null);
  const p2 = drawing ? draft.p2 : (stored?.p2 ?? null);
  if (p1 === null) return null;

  return (
    <g className={`ruler-layer${drawing ? ' ruler-layer--draft' : ''}`} data-testid="ruler-layer">
      {p2 !== null && <line className="ruler-layer__line" x1={p1.x} y1={p1.y} x2={p2.x} y2={p2.y} vectorEffect="non-scaling-stroke" />}
      <RulerPoint at={p1} label="1" />
      {p2 !== null && <RulerPoint at={p2} label={!drawing && stored ? `${stored.length_mm} mm` : '2'} />}
    </g>
  );
}
