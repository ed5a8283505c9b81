import { useEffect, useRef } from 'react';
import type { Size } from '../lib/coordinates.ts';
import { useOverlayLayers } from '../overlay-layers.ts';
import { usePhotoStore } from '../store/photo-store.ts';
import { useViewerStore } from '../store/viewer-store.ts';
import './builtin-layers.ts';

/**
 * The vector overlay over the film: one viewport-sized SVG whose single group carries the view
 * transform (`matrix(scale 0 0 scale tx ty)`), so every layer draws in image px of the original
 * upload (docs/house-rules.md §2) and pan/zoom touches one attribute (docs/house-rules.md §7). `--u` is image px per
 * screen px, for markers that keep their on-screen size. While the facial photo is aligned by three
 * points, only the layers that draw the photo are seen (the tracing would hide the features to click).
 */
export function Overlay({ imageSize }: { imageSize: Size }) {
  const svgRef = useRef<SVGSVGElement>(null);
  const groupRef = useRef<SVGGElement>(null);
  const layers = useOverlayLayers();
  const aligningPhoto = usePhotoStore((s) => s.manual !== null);

  useEffect(() => {
    const svg = svgRef.current;
    const group = groupRef.current;
    if (!svg || !group) return;
    let last: unknown = null;
    const place = () => {
      const { view } = useViewerStore.getState();
      if (view === last) return;
      last = view;
      group.setAttribute('transform', `matrix(${view.scale} 0 0 ${view.scale} ${view.translateX} ${view.translateY})`);
      svg.style.setProperty('--u', String(1 / view.scale));
    };
    place();
    return useViewerStore.subscribe(place);
  }, []);

  return (
    <svg
      ref={svgRef}
      className="viewer-overlay"
      data-testid="landmark-overlay"
      data-width={imageSize.width}
      data-height={imageSize.height}
      aria-hidden="true"
    >
      <g ref={groupRef} data-testid="overlay-root">
        {layers.map(({ id, Component, showsPhoto }) => (
          <g key={id} data-layer={id} display={aligningPhoto && !showsPhoto ? 'none' : undefined}>
            <Component imageSize={imageSize} />
          </g>
        ))}
      </g>
    </svg>
  );
}
