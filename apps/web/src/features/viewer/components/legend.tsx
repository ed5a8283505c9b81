import { useTranslation } from 'react-i18next';
import { useViewerAppearance } from '../hooks/use-viewer-appearance.ts';
import { useLandmarkStore } from '../store/landmark-store.ts';
import { useViewerStore } from '../store/viewer-store.ts';

/** Bottom-right key of the marker colours, with the landmark count (what the dots on the film mean). */
export function Legend() {
  const { t } = useTranslation();
  const count = useLandmarkStore((s) => Object.keys(s.positions).length);
  const adjusted = useLandmarkStore((s) => Object.keys(s.edited).length > 0);
  // Points built from others (packages/ceph constructed.ts): neither the model's nor the user's.
  const constructed = useLandmarkStore((s) => Object.keys(s.positions).some((id) => !(id in s.ai) && !(id in s.edited)));
  const visible = useViewerStore((s) => s.display.landmarks);
  const { hard, soft } = useViewerAppearance();
  // AI markers take the Settings tissue colours: the key shows both halves (hard | soft).
  const aiSwatch =
    hard.color || soft.color
      ? { background: `linear-gradient(90deg, ${hard.color ?? 'var(--landmark-ai)'} 50%, ${soft.color ?? 'var(--landmark-ai)'} 50%)` }
      : undefined;
  if (!visible) return null;
  return (
    <div className="viewer-legend">
      <span className="viewer-legend__count" data-testid="landmark-count">
        {count > 0 ? t('viewer.landmarkCount', { count }) : t('viewer.noLandmarks')}
      </span>
      {count > 0 && (
        <>
          <span className="viewer-legend__key">
            <span className="viewer-legend__swatch viewer-legend__swatch--ai" style={aiSwatch} aria-hidden="true" />
            {t('viewer.legendAi')}
          </span>
          {adjusted && (
            <span className="viewer-legend__key">
              <span className="viewer-legend__swatch viewer-legend__swatch--modified" aria-hidden="true" />
              {t('viewer.legendModified')}
            </span>
          )}
          {constructed && (
            <span className="viewer-legend__key" data-testid="legend-constructed">
              <span
                className="viewer-legend__swatch viewer-legend__swatch--constructed"
                style={hard.color ? { borderColor: hard.color } : undefined}
                aria-hidden="true"
              />
              {t('viewer.constructedBadge')}
            </span>
          )}
          <span className="viewer-legend__key">
            <span className="viewer-legend__swatch viewer-legend__swatch--review" aria-hidden="true" />
            {t('viewer.reviewTitle')}
          </span>
        </>
      )}
    </div>
  );
}
