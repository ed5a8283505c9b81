import { composeAffine, morphMesh, photoWarp, warpVertices } from '@ceppro/ceph';
import { useEffect, useMemo, useRef } from 'react';
import { useLoadedImage } from '../../../../hooks/use-loaded-image.ts';
import type { OverlayLayerProps } from '../../overlay-layers.ts';
import { usePanelStore } from '../../panels.ts';
import { svgMatrix } from '../../lib/photo-alignment.ts';
import { detachedFromView } from '../../lib/photo-display.ts';
import { useViewerStore } from '../../store/viewer-store.ts';
import { currentAlignment, usePhotoStore } from '../../store/photo-store.ts';
import { VTO_PANEL_ID } from '../hooks/use-vto-document.ts';
import { useVtoPrediction } from '../hooks/use-vto-prediction.ts';
import { drawMorph } from '../lib/draw-morph.ts';
import { useVtoStore } from '../store/vto-store.ts';

/** Long side of the morph canvas (px): the photo is warped downscaled, so a frame stays cheap. */
const MORPH_SIDE = { coarse: 720, fine: 1200 } as const;

/**
 * The facial photo morphed with the predicted soft-tissue change (VTO/STO tab, morph flag, aligned
 * photo): a triangle-mesh warp of a downscaled photo on a canvas, redrawn at most once per animation
 * frame as the plan changes. Left of the split line the photo as it is (before), right of it the
 * prediction (after). Drawn in photo px under the alignment (with the film's pan and zoom unless the
 * overlay is set not to follow them).
 */
export function VtoMorphLayer({ imageSize }: OverlayLayerProps) {
  const active = usePanelStore((s) => s.active === VTO_PANEL_ID);
  const morph = useVtoStore((s) => s.plan.flags.morph);
  const fine = useVtoStore((s) => s.plan.flags.refinement);
  const split = useVtoStore((s) => s.split);
  const photo = usePhotoStore((s) => s.photo);
  const alignment = usePhotoStore((s) => currentAlignment(s));
  const photoView = usePhotoStore((s) => s.photoView);
  const opacity = usePhotoStore((s) => s.opacity);
  const overlay = usePhotoStore((s) => s.overlay);
  const followView = usePhotoStore((s) => s.followView);
  const view = useViewerStore((s) => (followView ? null : s.view));
  const viewport = useViewerStore((s) => s.viewportSize);
  const prediction = useVtoPrediction();
  const loaded = useLoadedImage(photo?.url ?? null);
  const shown = active && morph && photo !== null && alignment !== null && prediction.status === 'ok' && (photoView || overlay);

  useEffect(() => {
    usePhotoStore.getState().set({ covered: shown });
    return () => usePhotoStore.getState().set({ covered: false });
  }, [shown]);

  const quality = fine ? 'fine' : 'coarse';
  const canvasSize = useMemo(() => {
    if (photo === null) return null;
    const s = Math.min(1, MORPH_SIDE[quality] / Math.max(photo.size.width, photo.size.height));
    return { width: Math.max(1, Math.round(photo.size.width * s)), height: Math.max(1, Math.round(photo.size.height * s)), scale: s };
  }, [photo, quality]);
  // packages/ceph's mesh (the refinement flag doubles its cells): the report's morph uses the same one.
  const mesh = useMemo(() => (photo === null ? null : morphMesh(photo.size, quality)), [photo, quality]);

  const canvasRef = useRef<HTMLCanvasElement>(null);
  const frame = useRef(0);
  useEffect(() => {
    const canvas = canvasRef.current;
    const image = loaded.image;
    if (
      !shown ||
      canvas === null ||
      image === null ||
      canvasSize === null ||
      mesh === null ||
      prediction.status !== 'ok' ||
      alignment === null ||
      photo === null
    )
      return;
    if (frame.current !== 0) cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      const ctx = canvas.getContext('2d');
      const warp = photoWarp(prediction.result.warp, alignment.transform);
      if (ctx === null || warp === null) return;
      drawMorph(ctx, image, photo.size, mesh, warpVertices(mesh, warp), canvasSize.scale);
      // Before: the photo as it is, left of the split line.
      const cut = Math.round(split * canvasSize.width);
      if (cut > 0) {
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.clearRect(0, 0, cut, canvasSize.height);
        ctx.drawImage(image, 0, 0, cut / canvasSize.scale, photo.size.height, 0, 0, cut, canvasSize.height);
      }
      canvas.dataset['drawn'] = String(Number(canvas.dataset['drawn'] ?? '0') + 1);
    });
    return () => {
      if (frame.current !== 0) cancelAnimationFrame(frame.current);
      frame.current = 0;
    };
  }, [shown, loaded.image, canvasSize, mesh, prediction, alignment, photo, split]);

  if (!shown || photo === null || alignment === null || canvasSize === null) return null;
  const splitX = split * photo.size.width;
  // Like the photo layer: off the film's zoom and pan when the overlay must not follow it.
  const placed =
    view === null || photoView ? alignment.transform : composeAffine(detachedFromView(view, imageSize, viewport), alignment.transform);
  return (
    <g className="vto-morph" transform={svgMatrix(placed)} opacity={photoView ? 1 : opacity} data-testid="vto-morph-layer">
      <foreignObject x={0} y={0} width={photo.size.width} height={photo.size.height}>
        <canvas
          ref={canvasRef}
          className="vto-morph__canvas"
          width={canvasSize.width}
          height={canvasSize.height}
          data-testid="vto-morph-canvas"
        />
      </foreignObject>
      <line className="vto-morph__split" x1={splitX} y1={0} x2={splitX} y2={photo.size.height} vectorEffect="non-scaling-stroke" />
    </g>
  );
}
