import type { ViewerChart } from '@ceppro/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../routes/paths.ts';
import { commandById, shortcutLabel, type ViewerCommandId } from '../commands.ts';
import { useLandmarkStore } from '../store/landmark-store.ts';
import { useViewerStore, zoomPercent } from '../store/viewer-store.ts';
import { LockButton } from './lock-button.tsx';
import { SaveState } from './save-state.tsx';

interface ViewerTopBarProps {
  chart: ViewerChart | null;
  shootDate: string | null;
  /** false while the stage is not shown (loading, no image, lost): no tools then. */
  ready: boolean;
  /** Links from the route (shown always, before Lock); styled like the bar's buttons. */
  actions?: ReactNode;
}

/** Display toggles in the spec's order, with the test ids the browser tests use. */
const TOGGLES: readonly { id: ViewerCommandId; testId: string }[] = [
  { id: 'toggle-xray', testId: 'toggle-xray' },
  { id: 'toggle-landmarks', testId: 'toggle-landmark' },
  { id: 'toggle-tracing', testId: 'toggle-tracing' },
  { id: 'toggle-planes', testId: 'toggle-plane' },
  { id: 'toggle-names', testId: 'viewer-toggle-names' },
];

function run(id: ViewerCommandId): void {
  commandById(id).run({ viewer: useViewerStore.getState(), landmarks: useLandmarkStore.getState() });
}

const withShortcut = (label: string, id: ViewerCommandId) => {
  const shortcut = shortcutLabel(commandById(id));
  return shortcut ? `${label} (${shortcut})` : label;
};

/** The slim bar above the image: who and when, whether edits are saved, display toggles and zoom. */
export function ViewerTopBar({ chart, shootDate, ready, actions }: ViewerTopBarProps) {
  const { t } = useTranslation();
  const display = useViewerStore((s) => s.display);
  const zoom = useViewerStore(zoomPercent);

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
      {ready && <SaveState />}
      {ready && (
        <div className="viewer-bar__tools" role="toolbar" aria-label={t('viewer.toolbar')}>
          <span className="viewer-bar__group" role="group" aria-label={t('viewer.display')}>
            {TOGGLES.map(({ id, testId }) => {
              const command = commandById(id);
              return (
                <button
                  key={id}
                  type="button"
                  className="dark-button dark-button--muted viewer-bar__toggle"
                  aria-pressed={command.pressed?.(display) ?? false}
                  title={withShortcut(t(command.label), id)}
                  onClick={() => run(id)}
                  data-testid={testId}
                >
                  <span className="viewer-bar__check" aria-hidden="true" />
                  {t(command.label)}
                </button>
              );
            })}
          </span>
          <span className="viewer-bar__zoom">
            <button
              type="button"
              className="dark-button dark-button--muted viewer-bar__icon"
              aria-label={t('viewer.zoomOut')}
              title={withShortcut(t('viewer.zoomOut'), 'zoom-out')}
              onClick={() => run('zoom-out')}
            >
              −
            </button>
            <span className="viewer-bar__zoom-value" data-testid="viewer-zoom">
              {t('viewer.zoom', { percent: zoom })}
            </span>
            <button
              type="button"
              className="dark-button dark-button--muted viewer-bar__icon"
              aria-label={t('viewer.zoomIn')}
              title={withShortcut(t('viewer.zoomIn'), 'zoom-in')}
              onClick={() => run('zoom-in')}
            >
              +
            </button>
          </span>
          <button
            type="button"
            className="dark-button dark-button--muted viewer-bar__button"
            onClick={() => run('fit')}
            title={withShortcut(t('viewer.fit'), 'fit')}
            data-testid="viewer-fit"
          >
            {t('viewer.fit')}
          </button>
        </div>
      )}
      {chart && (
        // Consultation mode (features/consultation): the patient's full-screen view of this chart's plan.
        <Link
          to={paths.consultation.to(chart.uuid)}
          className="dark-button dark-button--muted viewer-bar__button"
          title={t('consultation.openTitle')}
          data-testid="viewer-consultation"
        >
          {t('consultation.open')}
        </Link>
      )}
      {actions !== undefined && <span className="viewer-bar__actions">{actions}</span>}
      <LockButton />
    </div>
  );
}
