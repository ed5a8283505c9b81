import { getLandmark, landmarkIdFromName } from '@ceppro/ceph';
import { useEffect, useRef } from 'react';
import type { Size } from '../lib/coordinates.ts';
import type { ViewerLandmark } from '../lib/landmarks.ts';
import { useViewerStore } from '../store/viewer-store.ts';

/** The short label of a landmark (S, N, Pog'...) when the registry knows its name, else the name. */
function shortName(name: string): string {
  const id = landmarkIdFromName(name);
  return id === null ? name : getLandmark(id).shortName;
}

/**
 * The landmark layer: an SVG whose viewBox is the image size, so every point is written in image
 * pixels of the original upload (house style 2). The SVG is placed over the image's screen rectangle
 * outside React; markers keep a constant on-screen size through the `--u` variable (image px per
 * screen px) that scales each marker group.
 */
export function LandmarkOverlay({ landmarks, imageSize }: { landmarks: readonly ViewerLandmark[]; imageSize: Size }) {
  const ref = useRef<SVGSVGElement>(null);
  const { landmarks: showLandmarks, names: showNames } = useViewerStore((s) => s.display);

  useEffect(() => {
    const svg = ref.current;
    if (!svg) return;
    const place = () => {
      const { view } = useViewerStore.getState();
      svg.style.left = `${view.translateX}px`;
      svg.style.top = `${view.translateY}px`;
      svg.style.width = `${imageSize.width * view.scale}px`;
      svg.style.height = `${imageSize.height * view.scale}px`;
      svg.style.setProperty('--u', String(1 / view.scale));
    };
    place();
    return useViewerStore.subscribe(place);
  }, [imageSize]);

  return (
    <svg
      ref={ref}
      className="landmark-overlay"
      data-testid="landmark-overlay"
      viewBox={`0 0 ${imageSize.width} ${imageSize.height}`}
      preserveAspectRatio="none"
      aria-hidden={!showLandmarks}
      visibility={showLandmarks ? 'visible' : 'hidden'}
    >
      {landmarks.map((l) => (
        <g
          key={l.cname}
          className={`landmark landmark--${l.source}`}
          data-testid="landmark"
          data-name={l.name}
          data-x={l.x}
          data-y={l.y}
          data-source={l.source}
          transform={`translate(${l.x} ${l.y})`}
        >
          <title>{l.name}</title>
          <g className="landmark__marker">
            <circle className="landmark__halo" r={6} />
            <circle className="landmark__dot" r={3.5} />
            {showNames && (
              <text className="landmark__label" x={8} y={-6}>
                {shortName(l.name)}
              </text>
            )}
          </g>
        </g>
      ))}
    </svg>
  );
}
