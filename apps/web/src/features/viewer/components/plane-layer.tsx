import { useMemo } from 'react';
import { useViewerAppearance } from '../hooks/use-viewer-appearance.ts';
import type { OverlayLayerProps } from '../overlay-layers.ts';
import { planeSegments } from '../lib/reference-planes.ts';
import { livePositions, useLandmarkStore } from '../store/landmark-store.ts';
import { useViewerStore } from '../store/viewer-store.ts';

/**
 * Reference planes (SN, FH, palatal, occlusal, mandibular, facial, E-line) as dashed lines in image px:
 * the ones chosen in Settings (all when none were chosen); the "Ref. plane" toggle hides them all.
 */
export function PlaneLayer({ imageSize }: OverlayLayerProps) {
  const positions = useLandmarkStore((s) => s.positions);
  const preview = useLandmarkStore((s) => s.preview);
  const visible = useViewerStore((s) => s.display.planes);
  const { planes } = useViewerAppearance();
  const segments = useMemo(
    () => (visible ? planeSegments(livePositions({ positions, preview }), imageSize, planes) : []),
    [positions, preview, visible, imageSize, planes],
  );
  if (!visible) return null;
  return (
    <g className="plane-layer" data-testid="plane-layer">
      {segments.map((s) => (
        <g key={s.id} className={`plane plane--${s.id}`} data-plane={s.id}>
          <line className="plane__line" x1={s.from.x} y1={s.from.y} x2={s.to.x} y2={s.to.y} vectorEffect="non-scaling-stroke" />
          <g transform={`translate(${s.to.x} ${s.to.y})`}>
            <text className="plane__label">{s.label}</text>
          </g>
        </g>
      ))}
    </g>
  );
}
