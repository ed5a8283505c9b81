import { useMemo } from 'react';
import type { OverlayLayerProps } from '../../overlay-layers.ts';
import { usePanelStore } from '../../panels.ts';
import { useLandmarkPositions } from '../../store/landmark-store.ts';
import { useVtoDocument, VTO_PANEL_ID } from '../hooks/use-vto-document.ts';
import { useVtoPrediction } from '../hooks/use-vto-prediction.ts';
import { predictedPaths, softPointMoves } from '../lib/predicted-profile.ts';
import { useVtoStore } from '../store/vto-store.ts';

/**
 * The predicted (post-treatment) hard- and soft-tissue tracing over the film, beside today's tracing
 * (the viewer's own layer), while the VTO/STO tab is open and the treatment flag is on. Also keeps
 * the chart's VTO/STO document loaded and saved (mounted with the stage).
 */
export function VtoProfileLayer(_props: OverlayLayerProps) {
  useVtoDocument();
  const active = usePanelStore((s) => s.active === VTO_PANEL_ID);
  const treatment = useVtoStore((s) => s.plan.flags.treatment);
  const prediction = useVtoPrediction();
  const today = useLandmarkPositions();
  const shown = active && treatment && prediction.status === 'ok';
  const paths = useMemo(() => (prediction.status === 'ok' ? predictedPaths(prediction.result) : []), [prediction]);
  const moves = useMemo(() => (prediction.status === 'ok' ? softPointMoves(today, prediction.result) : []), [prediction, today]);
  if (!shown) return null;
  return (
    <g className="vto-profile" data-testid="vto-profile-layer">
      {paths.map((p) => (
        <path key={p.id} className="vto-profile__line" data-outline={p.id} d={p.d} vectorEffect="non-scaling-stroke" />
      ))}
      {moves.map((m) => (
        <g key={m.id}>
          <line className="vto-profile__move" x1={m.from.x} y1={m.from.y} x2={m.to.x} y2={m.to.y} vectorEffect="non-scaling-stroke" />
          <g transform={`translate(${m.to.x} ${m.to.y})`}>
            <circle
              className="vto-profile__point"
              r={3.5}
              data-testid={`vto-predicted-${m.id}`}
              data-x={m.to.x.toFixed(2)}
              data-y={m.to.y.toFixed(2)}
            />
          </g>
        </g>
      ))}
    </g>
  );
}
