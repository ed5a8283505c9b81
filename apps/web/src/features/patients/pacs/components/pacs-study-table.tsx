import type { PacsInstance, PacsSeries, PacsStudySearchResponse } from '@ceppro/contract';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PacsSeriesList } from './pacs-series-list.tsx';

interface PacsStudyTableProps {
  server: string;
  result: PacsStudySearchResponse;
  importing: string | null;
  onImport: (studyUid: string, series: PacsSeries, instance: PacsInstance) => void;
}

/** The matching studies; a study opens under its row to show its series (thumbnails are fetched only then). */
export function PacsStudyTable({ server, result, importing, onImport }: PacsStudyTableProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(result.studies.length === 1 ? (result.studies[0]?.study_uid ?? null) : null);
  if (result.studies.length === 0) {
    return (
      <p className="pacs-dialog__note" data-testid="pacs-no-results">
        {t('pacs.noResults')}
      </p>
    );
  }
  return (
    <div className="pacs-results">
      {result.truncated && <p className="pacs-dialog__note">{t('pacs.truncated', { count: result.studies.length })}</p>}
      <table className="pacs-table" data-testid="pacs-results">
        <thead>
          <tr>
            <th scope="col">{t('pacs.columns.patient')}</th>
            <th scope="col">{t('pacs.columns.id')}</th>
            <th scope="col">{t('pacs.columns.date')}</th>
            <th scope="col">{t('pacs.columns.description')}</th>
            <th scope="col">{t('pacs.columns.modality')}</th>
            <th scope="col">{t('pacs.columns.images')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('pacs.columns.open')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {result.studies.map((study) => {
            const opened = open === study.study_uid;
            return (
              <Fragment key={study.study_uid}>
                <tr className={opened ? 'pacs-table__row pacs-table__row--open' : 'pacs-table__row'} data-testid="pacs-study">
                  <td>{study.patient_name || '-'}</td>
                  <td>{study.patient_id || '-'}</td>
                  <td>{study.study_date ?? '-'}</td>
                  <td>{study.description || '-'}</td>
                  <td>{study.modalities.join(', ') || '-'}</td>
                  <td>{study.instance_count ?? '-'}</td>
                  <td>
                    <button
                      type="button"
                      className="button button--secondary pacs-table__open"
                      aria-expanded={opened}
                      onClick={() => setOpen(opened ? null : study.study_uid)}
                      data-testid="pacs-open-study"
                    >
                      {opened ? t('pacs.hideImages') : t('pacs.showImages')}
                    </button>
                  </td>
                </tr>
                {opened && (
                  <tr className="pacs-table__series">
                    <td colSpan={7}>
                      <PacsSeriesList
                        server={server}
                        studyUid={study.study_uid}
                        importing={importing}
                        onImport={(series, instance) => onImport(study.study_uid, series, instance)}
                      />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
