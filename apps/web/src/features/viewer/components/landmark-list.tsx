import { LANDMARK_SOURCING, getLandmark, type LandmarkId } from '@ceppro/ceph';
import { memo, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useClinicalNames } from '../hooks/use-clinical-names.ts';
import { isAdapted, useLandmarkStore } from '../store/landmark-store.ts';
import './landmark-list.css';

interface ItemProps {
  id: LandmarkId;
  selected: boolean;
  edited: boolean;
  confidence: number | null;
  /** The AI's point was moved by the account's clinic adaptation (shown while not edited). */
  adapted?: boolean;
  review: boolean;
  /** Constructed from other points (packages/ceph constructed.ts), neither the model's nor the user's. */
  constructed?: boolean;
  /** A point found on the film that is the method's population estimate (packages/ceph ramus-points.ts). */
  estimated?: boolean;
  /** Not placed yet: offers "Place" instead of selecting. */
  onPlace?: (id: LandmarkId) => void;
  onSelect: (id: LandmarkId) => void;
}

/** One row: short name, full name, and where its point came from (AI with confidence, adjusted, by hand). */
export const LandmarkItem = memo(function LandmarkItem({
  id,
  selected,
  edited,
  confidence,
  adapted = false,
  review,
  constructed = false,
  estimated = false,
  onPlace,
  onSelect,
}: ItemProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLLIElement>(null);
  // A landmark picked on the film comes into view in the list.
  useEffect(() => {
    if (selected) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);
  const landmark = getLandmark(id);
  const names = useClinicalNames();
  const sourcing = LANDMARK_SOURCING[id];
  const from = sourcing?.kind === 'constructed' ? sourcing.from.map((s) => getLandmark(s).shortName).join(', ') : '';
  const constructedTitle =
    constructed && !edited && !onPlace ? t(estimated ? 'viewer.estimatedTitle' : 'viewer.constructedTitle', { from }) : undefined;
  const badge = onPlace
    ? null
    : constructedTitle
      ? t(estimated ? 'viewer.estimatedBadge' : 'viewer.constructedBadge')
      : edited
        ? confidence === null
          ? t('viewer.handPlaced')
          : t('viewer.edited')
        : confidence !== null
          ? t(adapted ? 'viewer.confidenceAdapted' : 'viewer.confidence', { percent: Math.round(confidence * 100) })
          : adapted
            ? t('viewer.adaptedBadge')
            : null;
  const badgeTitle = constructedTitle ?? (adapted && !edited && !onPlace ? t('viewer.source.adapted') : undefined);
  const definition = names.definition(id) ?? landmark.definition;
  return (
    <li
      ref={ref}
      className={`landmark-item${selected ? ' landmark-item--selected' : ''}${review && !edited ? ' landmark-item--review' : ''}`}
      data-testid="landmark-item"
      data-id={id}
      data-selected={selected}
      data-source={constructedTitle ? 'constructed' : undefined}
      data-estimated={constructedTitle && estimated ? 'true' : undefined}
    >
      <button
        type="button"
        className="landmark-item__main"
        aria-pressed={selected}
        disabled={Boolean(onPlace)}
        onClick={() => onSelect(id)}
        title={constructedTitle ? `${definition}\n${constructedTitle}` : definition}
      >
        <span className="landmark-item__short">{landmark.shortName}</span>
        <span className="landmark-item__name">{names.landmark(id)}</span>
        {badge && (
          <span
            className={[
              'landmark-item__badge',
              edited && 'landmark-item__badge--edited',
              constructedTitle && 'landmark-item__badge--constructed',
            ]
              .filter(Boolean)
              .join(' ')}
            title={badgeTitle}
            data-testid="landmark-badge"
          >
            {badge}
          </span>
        )}
      </button>
      {onPlace && (
        <button type="button" className="dark-button landmark-item__place" onClick={() => onPlace(id)}>
          {t('viewer.place')}
        </button>
      )}
    </li>
  );
});

/** A titled group of rows; subscribes only to what the rows show. */
export function LandmarkGroup({
  title,
  hint,
  ids,
  review,
  onSelect,
  onPlace,
}: {
  title: string;
  hint?: string;
  ids: readonly LandmarkId[];
  review: ReadonlySet<LandmarkId>;
  onSelect: (id: LandmarkId) => void;
  onPlace?: (id: LandmarkId) => void;
}) {
  const selected = useLandmarkStore((s) => s.selected);
  const edited = useLandmarkStore((s) => s.edited);
  const ai = useLandmarkStore((s) => s.ai);
  const positions = useLandmarkStore((s) => s.positions);
  const estimated = useLandmarkStore((s) => s.estimated);
  if (ids.length === 0) return null;
  return (
    <section className="landmark-group">
      <h3 className="landmark-group__title">
        {title} <span className="landmark-group__count">{ids.length}</span>
      </h3>
      {hint && <p className="landmark-group__hint">{hint}</p>}
      <ul className="landmark-group__items">
        {ids.map((id) => (
          <LandmarkItem
            key={id}
            id={id}
            selected={id === selected}
            edited={edited[id] !== undefined}
            confidence={ai[id]?.confidence ?? null}
            adapted={isAdapted(ai[id])}
            review={review.has(id)}
            constructed={positions[id] !== undefined && !ai[id] && !edited[id]}
            estimated={estimated.includes(id)}
            onSelect={onSelect}
            onPlace={onPlace}
          />
        ))}
      </ul>
    </section>
  );
}
