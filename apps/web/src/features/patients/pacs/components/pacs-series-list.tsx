import type { PacsInstance, PacsSeries } from '@ceppro/contract';
import { useTranslation } from 'react-i18next';
import { usePacsSeries } from '../api/use-pacs-series.ts';
import { PacsProblemText } from './pacs-problem-text.tsx';

interface PacsSeriesListProps {
  server: string;
  studyUid: string;
  /** The instance being imported now (its button shows the wait), or null. */
  importing: string | null;
  onImport: (series: PacsSeries, instance: PacsInstance) => void;
}

/** The opened study's series: thumbnail, modality and description, and an Import button per image instance. */
export function PacsSeriesList({ server, studyUid, importing, onImport }: PacsSeriesListProps) {
  const { t } = useTranslation();
  const series = usePacsSeries(server, studyUid, true);
  if (series.isPending) return <p className="pacs-dialog__note">{t('pacs.series.loading')}</p>;
  if (series.isError) return <PacsProblemText error={series.error} testId="pacs-series-error" />;
  if (series.data.length === 0) return <p className="pacs-dialog__note">{t('pacs.series.none')}</p>;
  return (
    <ul className="pacs-series" data-testid="pacs-series">
      {series.data.map((s) => (
        <li key={s.series_uid} className="pacs-series__item" data-testid="pacs-series-item">
          {s.thumbnail ? (
            <img
              className="pacs-series__thumb"
              src={s.thumbnail}
              alt={t('pacs.series.thumbnailOf', { description: s.description || s.modality })}
            />
          ) : (
            <span className="pacs-series__thumb pacs-series__thumb--none">{t('pacs.series.noPreview')}</span>
          )}
          <div className="pacs-series__text">
            <span className="pacs-series__title">
              {s.number === null
                ? t('pacs.series.titleUnnumbered', { modality: s.modality || '-' })
                : t('pacs.series.title', { number: s.number, modality: s.modality || '-' })}
              {s.description !== '' && ` · ${s.description}`}
            </span>
            <div className="pacs-series__instances">
              {s.instances.map((instance, index) => (
                <button
                  key={instance.instance_uid}
                  type="button"
                  className="button button--primary pacs-series__import"
                  disabled={!instance.is_image || importing !== null}
                  title={instance.is_image ? undefined : t('pacs.series.notImage')}
                  onClick={() => onImport(s, instance)}
                  data-testid="pacs-import"
                >
                  {importing === instance.instance_uid
                    ? t('pacs.series.importing')
                    : s.instances.length > 1
                      ? t('pacs.series.importNumbered', { number: instance.number ?? index + 1 })
                      : t('pacs.series.import')}
                  {instance.columns !== null && instance.rows !== null && (
                    <span className="pacs-series__size">
                      {' '}
                      {instance.columns} × {instance.rows}
                    </span>
                  )}
                </button>
              ))}
              {s.instances.some((i) => !i.is_image) && <span className="pacs-series__not-image">{t('pacs.series.notImage')}</span>}
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
