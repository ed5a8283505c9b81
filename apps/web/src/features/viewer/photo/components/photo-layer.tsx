import { applyAffine, composeAffine } from '@ceppro/ceph';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLoadedImage } from '../../../../hooks/use-loaded-image.ts';
import type { OverlayLayerProps } from '../../overlay-layers.ts';
import { useViewerStore } from '../../store/viewer-store.ts';
import { useFacialPhoto } from '../api/use-facial-photo.ts';
import { svgMatrix } from '../../lib/photo-alignment.ts';
import { detachedFromView, displayedPhotoTransform } from '../../lib/photo-display.ts';
import { currentAlignment, usePhotoStore } from '../../store/photo-store.ts';
import { PhotoControls } from './photo-controls.tsx';

/** Far beyond any film: the backdrop that hides the film while the photo is shown instead. */
const BACKDROP = 1e6;

/**
 * The lateral facial photo over the film (overlay layer, drawn in film px): in its own view (the
 * photo instead of the film, with the film's pan and zoom), or once aligned blended over the film
 * at the chosen opacity. Loads the photo and publishes its size to the photo store; its controls
 * float on the stage (rendered into it through a portal, so the stage knows nothing of the photo).
 */
export function PhotoLayer({ imageSize }: OverlayLayerProps) {
  const { chartDataId, entry } = useFacialPhoto();
  const url = entry?.presignedPath ?? null;
  const loaded = useLoadedImage(url);
  const anchor = useRef<SVGGElement>(null);
  const [host, setHost] = useState<HTMLElement | null>(null);
  useEffect(() => setHost(anchor.current?.closest<HTMLElement>('.viewer-stage') ?? null), []);

  useEffect(() => {
    const image = loaded.image;
    if (image === null || chartDataId === null || url === null) return;
    usePhotoStore.getState().setPhoto({ chartDataId, url, size: { width: image.naturalWidth, height: image.naturalHeight } });
  }, [loaded.image, chartDataId, url]);
  // A fresh store for each opened film (reset on mount: the VTO/STO document restores the alignment after).
  useEffect(() => usePhotoStore.getState().reset(), []);

  const state = usePhotoStore();
  const followView = state.followView;
  const view = useViewerStore((s) => (followView ? null : s.view));
  const viewport = useViewerStore((s) => s.viewportSize);
  const shown = displayedPhotoTransform(state, imageSize);
  const aligned = currentAlignment(state) !== null;
  const photo = state.photo;
  const drawPhoto = photo !== null && shown !== null && !state.covered && (state.photoView || (aligned && state.overlay));
  const detach = view === null ? null : detachedFromView(view, imageSize, viewport);
  const transform = shown === null ? null : detach === null || state.photoView ? shown : composeAffine(detach, shown);

  return (
    <g ref={anchor} className="photo-layer" data-testid="photo-layer" data-view={state.photoView ? 'photo' : 'film'}>
      {state.photoView && <rect x={-BACKDROP} y={-BACKDROP} width={2 * BACKDROP} height={2 * BACKDROP} fill="#0b0d11" />}
      {drawPhoto && photo && transform && (
        <image
          href={photo.url}
          width={photo.size.width}
          height={photo.size.height}
          transform={svgMatrix(transform)}
          opacity={state.photoView ? 1 : state.opacity}
          preserveAspectRatio="none"
          data-testid="photo-image"
        />
      )}
      {state.manual && shown && (
        <g className="photo-layer__picks">
          {(state.photoView ? state.manual.photo.map((p) => applyAffine(shown, p)) : state.manual.film).map((p, i) => (
            <g key={i} transform={`translate(${p.x} ${p.y})`} data-testid="photo-align-pick">
              <circle className="photo-layer__pick" r={6} style={{ transform: 'scale(var(--u, 1))' }} />
              <text className="photo-layer__pick-label" style={{ transform: 'scale(var(--u, 1))' }} x={9} y={-9}>
                {i + 1}
              </text>
            </g>
          ))}
        </g>
      )}
      {host && photo && createPortal(<PhotoControls />, host)}
    </g>
  );
}
