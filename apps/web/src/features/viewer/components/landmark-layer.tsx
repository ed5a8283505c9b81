import { getLandmark, type ImagePoint, type LandmarkId } from '@ceppro/ceph';
import { memo, useEffect, useMemo, useRef, type CSSProperties } from 'react';
import { useClinicalNames } from '../hooks/use-clinical-names.ts';
import { useViewerAppearance } from '../hooks/use-viewer-appearance.ts';
import { reviewOf } from '../lib/review.ts';
import { landmarkTissue, type TissueAppearance } from '../lib/viewer-appearance.ts';
import { useLandmarkStore } from '../store/landmark-store.ts';
import { useViewerStore } from '../store/viewer-store.ts';

const translate = (p: { x: number; y: number }) => `translate(${p.x} ${p.y})`;

interface MarkerProps {
  id: LandmarkId;
  /** The stored name (the model's, else the registry id): `data-name`, as before the store was keyed by id. */
  name: string;
  point: ImagePoint;
  /** `constructed`: built from other points (packages/ceph constructed.ts), drawn hollow; a drag makes it the user's. */
  source: 'ai' | 'modified' | 'constructed';
  review: boolean;
  selected: boolean;
  showName: boolean;
  /** The tissue's colour and size from Settings. */
  look: TissueAppearance;
}

/** One landmark: a dot with a dark halo (readable on bone and on air), constant on-screen size via `--u`. */
const Marker = memo(function Marker({ id, name, point, source, review, selected, showName, look }: MarkerProps) {
  const r = look.dotRadius + (selected ? 1 : 0);
  const names = useClinicalNames();
  return (
    <g
      className={[
        `landmark landmark--${source} landmark--${landmarkTissue(id)}`,
        review ? 'landmark--review' : '',
        selected ? 'landmark--selected' : '',
      ]
        .filter(Boolean)
        .join(' ')}
      data-testid="landmark"
      data-id={id}
      data-name={name}
      data-x={point.x}
      data-y={point.y}
      data-source={source}
      data-selected={selected}
      data-review={review}
      transform={translate(point)}
      style={look.color ? ({ '--tissue-color': look.color } as CSSProperties) : undefined}
    >
      <title>{names.landmark(id)}</title>
      <g className="landmark__marker">
        {review && <circle className="landmark__review" r={r + 6.5} />}
        {selected && <circle className="landmark__ring" r={r + 4.5} />}
        <circle className="landmark__halo" r={r + 2} />
        <circle className="landmark__dot" r={r} />
        {(showName || selected) && (
          <text className="landmark__label" x={r + 5.5} y={-(r + 4.5)}>
            {getLandmark(id).shortName}
          </text>
        )}
      </g>
    </g>
  );
});

/**
 * The landmark markers, in image px. React renders them when positions are committed; a drag in
 * progress moves just the dragged marker's `transform` directly (docs/house-rules.md §7), from the store's
 * `preview`, without re-rendering anything.
 */
export function LandmarkLayer() {
  const ref = useRef<SVGGElement>(null);
  const positions = useLandmarkStore((s) => s.positions);
  const ai = useLandmarkStore((s) => s.ai);
  const edited = useLandmarkStore((s) => s.edited);
  const selected = useLandmarkStore((s) => s.selected);
  const { landmarks: visible, names } = useViewerStore((s) => s.display);
  const threshold = useLandmarkStore((s) => s.reviewThreshold);
  const filmThreshold = useLandmarkStore((s) => s.filmReviewThreshold);
  const review = useMemo(() => new Set(reviewOf(ai, threshold, filmThreshold).ids), [ai, threshold, filmThreshold]);
  const look = useViewerAppearance();

  useEffect(() => {
    const group = ref.current;
    if (!group) return;
    return useLandmarkStore.subscribe((s, prev) => {
      if (s.preview === prev.preview) return;
      const moved = s.preview ?? prev.preview;
      if (!moved) return;
      const element = group.querySelector<SVGGElement>(`[data-id="${moved.id}"]`);
      // Preview gone: back to the committed point (a cancelled drag leaves React's props unchanged).
      const point = s.preview?.point ?? s.positions[moved.id];
      if (!element || !point) return;
      element.setAttribute('transform', translate(point));
      element.classList.toggle('landmark--dragging', s.preview !== null);
    });
  }, []);

  // Settings' landmark list leaves some off the film; the one selected in the list still shows.
  const ids = (Object.keys(positions) as LandmarkId[]).filter((id) => id === selected || !look.hiddenLandmarks.has(id));
  // The selected marker last, so it is drawn above its neighbours.
  ids.sort((a, b) => Number(a === selected) - Number(b === selected));
  return (
    <g ref={ref} className="landmark-layer" data-testid="landmark-layer" visibility={visible ? 'visible' : 'hidden'}>
      {ids.map((id) => {
        const point = positions[id];
        if (!point) return null;
        return (
          <Marker
            key={id}
            id={id}
            name={ai[id]?.name ?? id}
            point={point}
            source={edited[id] ? 'modified' : ai[id] ? 'ai' : 'constructed'}
            review={review.has(id) && !edited[id]}
            selected={id === selected}
            showName={names}
            look={look[landmarkTissue(id)]}
          />
        );
      })}
    </g>
  );
}
