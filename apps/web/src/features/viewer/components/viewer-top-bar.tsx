import type { ViewerChart } from '@ceppro/contract';
import { useTranslation } from 'react-i18next';
import { viewerCommands, commandById } from '../commands.ts';
import type { ViewerLandmark } from '../lib/landmarks.ts';
import { useViewerStore, zoomPercent } from '../store/viewer-store.ts';

interface ViewerTopBarProps {
  chart: ViewerChart | null;
  shootDate: string | null;
  /** null while the stage is not shown (loading, no image, lost). */
  landmarks: readonly ViewerLandmark[] | null;
}

/** The slim bar above the image: who and when, how many landmarks, display toggles and zoom. */
export function ViewerTopBar({ chart, shootDate, landmarks }: ViewerTopBarProps) {
  const { t } = useTranslation();
  const display = useViewerStore((s) => s.display);
  const zoom = useViewerStore(zoomPercent);
  const run = (id: Parameters<typeof commandById>[0]) => commandById(id).run(useViewerStore.getState());
  const adjusted = landmarks?.some((l) => l.source === 'modified') ?? false;

  return (
    <div className="viewer-bar" data-testid="viewer-bar">
      <h1 className="visually-hidden">{t('screens.viewer.title')}</h1>
      {chart && (
        <dl className="viewer-bar__facts">
          <div className="viewer-bar__fact viewer-bar__fact--name">
            <dt className="visually-hidden">{t('viewer.patient')}</dt>
            <dd data-testid="viewer-patient-name">{chart.patient.first_name}</dd>
          </div>
          <div className="viewer-bar__fact">
            <dt>{t('viewer.patientId')}</dt>
            <dd>{chart.patient.patient_id}</dd>
          </div>
          <div className="viewer-bar__fact">
            <dt>{t('viewer.shootDate')}</dt>
            <dd data-testid="viewer-shoot-date">{shootDate ?? t('viewer.noDate')}</dd>
          </div>
        </dl>
      )}
      {landmarks && (
        <div className="viewer-bar__landmarks">
          <span className="viewer-bar__count" data-testid="landmark-count">
            {landmarks.length > 0 ? t('viewer.landmarkCount', { count: landmarks.length }) : t('viewer.noLandmarks')}
          </span>
          {landmarks.length > 0 && (
            <span className="viewer-bar__legend">
              <span className="viewer-bar__swatch viewer-bar__swatch--ai" aria-hidden="true" />
              {t('viewer.legendAi')}
              {adjusted && (
                <>
                  <span className="viewer-bar__swatch viewer-bar__swatch--modified" aria-hidden="true" />
                  {t('viewer.legendModified')}
                </>
              )}
            </span>
          )}
        </div>
      )}
      {landmarks && (
        <div className="viewer-bar__tools" role="toolbar" aria-label={t('viewer.toolbar')}>
          {viewerCommands
            .filter((c) => c.pressed)
            .map((c) => (
              <button
                key={c.id}
                type="button"
                className="viewer-bar__toggle"
                aria-pressed={c.pressed?.(display) ?? false}
                title={`${t(c.label)} (${c.keys[0]?.toUpperCase() ?? ''})`}
                onClick={() => run(c.id)}
                data-testid={`viewer-${c.id}`}
              >
                {t(c.label)}
              </button>
            ))}
          <span className="viewer-bar__zoom">
            <button type="button" className="viewer-bar__icon" aria-label={t('viewer.zoomOut')} title={t('viewer.zoomOut')} onClick={() => run('zoom-out')}>
              −
            </button>
            <span className="viewer-bar__zoom-value" data-testid="viewer-zoom">
              {t('viewer.zoom', { percent: zoom })}
            </span>
            <button type="button" className="viewer-bar__icon" aria-label={t('viewer.zoomIn')} title={t('viewer.zoomIn')} onClick={() => run('zoom-in')}>
              +
            </button>
          </span>
          <button type="button" className="viewer-bar__toggle" onClick={() => run('fit')} title={`${t('viewer.fit')} (F)`} data-testid="viewer-fit">
            {t('viewer.fit')}
          </button>
        </div>
      )}
    </div>
  );
}
