import { outlinePaths } from '@ceppro/ceph';
import { useMemo } from 'react';
import type { OverlayLayerProps } from '../../overlay-layers.ts';
import { usePanelStore } from '../../panels.ts';
import { useGrowthForecast } from '../hooks/use-growth-forecast.ts';

export const GROWTH_PANEL_ID = 'growth';

/**
 * The forecast tracing over the film while the Growth tab is open and "show" is on: the outlines through
 * the forecast points, dashed, and at each moved point an ellipse of the source's SD (image px; an
 * ellipse when rows and columns have different spacings).
 */
export function GrowthLayer(_props: OverlayLayerProps) {
  const active = usePanelStore((s) => s.active === GROWTH_PANEL_ID);
  const { forecast, choice } = useGrowthForecast();
  const paths = useMemo(() => (forecast.status === 'ok' ? outlinePaths(forecast.positions) : []), [forecast]);
  if (!active || !choice.shown || forecast.status !== 'ok') return null;
  return (
    <g className="growth-layer" data-testid="growth-forecast-layer" data-years={forecast.toAge - forecast.fromAge}>
      {paths.map((p) => (
        <path key={p.id} className="growth-layer__line" data-outline={p.id} d={p.d} vectorEffect="non-scaling-stroke" />
      ))}
      {forecast.points.map((p) => (
        <g key={p.id}>
          <ellipse
            className="growth-layer__sd"
            data-testid={`growth-sd-${p.id}`}
            cx={p.to.x}
            cy={p.to.y}
            rx={p.sdPx.x}
            ry={p.sdPx.y}
            vectorEffect="non-scaling-stroke"
          />
          <g transform={`translate(${p.to.x} ${p.to.y})`}>
            <circle
              className="growth-layer__point"
              data-testid={`growth-point-${p.id}`}
              r={3}
              style={{ transform: 'scale(var(--u, 1))' }}
            />
          </g>
        </g>
      ))}
    </g>
  );
}
