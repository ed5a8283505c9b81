import { getMeasurement } from '@ceppro/ceph';
import { useMemo } from 'react';
import { useLandmarkPositions } from '../../store/landmark-store.ts';
import { constructionShapes, type ConstructionShape } from '../lib/construction-shapes.ts';
import { useAnalysisUiStore } from '../../store/analysis-ui-store.ts';

/** Arc radius in screen px (the marker group is scaled by `--u` to keep it constant on screen). */
const ARC_RADIUS = 28;

function arcPath(shape: Extract<ConstructionShape, { kind: 'arc' }>): string {
  const { from: f, to: t } = shape;
  const sweep = f.x * t.y - f.y * t.x > 0 ? 1 : 0;
  const r = ARC_RADIUS;
  return `M ${f.x * r} ${f.y * r} A ${r} ${r} 0 0 ${sweep} ${t.x * r} ${t.y * r}`;
}

/**
 * Overlay layer: the construction of the measurement hovered in the analysis table (its lines,
 * measured segment or angle, and points), in image px from the current landmark positions.
 * Draws nothing when no row is hovered.
 */
export function ConstructionLayer() {
  const hoveredId = useAnalysisUiStore((s) => s.hoveredId);
  const positions = useLandmarkPositions();
  const definition = hoveredId === null ? undefined : getMeasurement(hoveredId);
  const shapes = useMemo(() => (definition ? constructionShapes(definition.construction, positions) : []), [definition, positions]);
  if (!definition || shapes.length === 0) return null;

  return (
    <g className="construction-layer" data-testid="construction-layer" data-measurement={definition.id}>
      {shapes.map((s, i) => {
        if (s.kind === 'segment') {
          return (
            <line
              key={i}
              className={`construction-layer__line construction-layer__line--${s.role}`}
              data-testid="construction-line"
              x1={s.a.x}
              y1={s.a.y}
              x2={s.b.x}
              y2={s.b.y}
              vectorEffect="non-scaling-stroke"
            />
          );
        }
        if (s.kind === 'arc') {
          return (
            <g key={i} transform={`translate(${s.vertex.x} ${s.vertex.y})`}>
              <g className="analysis-marker">
                <path className="construction-layer__arc" data-testid="construction-arc" d={arcPath(s)} />
              </g>
            </g>
          );
        }
        return (
          <g key={i} transform={`translate(${s.at.x} ${s.at.y})`}>
            <g className="analysis-marker">
              <circle className="construction-layer__point" r={4} />
            </g>
          </g>
        );
      })}
    </g>
  );
}
