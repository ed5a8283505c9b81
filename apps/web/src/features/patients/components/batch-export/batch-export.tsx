import type { ExportFormat } from '@ceppro/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../lib/api/index.ts';
import { saveFile } from '../../../../lib/save-file.ts';
import { fetchBatchExport, watchExportProgress } from '../../api/batch-export.ts';
import { batchExportName, percentOf } from '../../lib/batch-export.ts';
import './batch-export.css';
import { useMay } from '../../../../hooks/use-work-space.ts';

export interface BatchExportProps {
  /** Ids (`Patient.id`) of the patients the list shows now: "this page" exports only these. */
  readonly pagePatientIds: readonly number[];
}

type Run =
  | { state: 'idle' }
  | { state: 'working'; format: ExportFormat; done: number; total: number | null }
  | { state: 'done'; charts: number | null }
  | { state: 'error'; key: 'exports.batch.failed' | 'exports.batch.busy' };

/**
 * "Export measurements" on the patient list: every measurement of every chart of all the user's
 * patients, or of the patients on this page, as CSV or XLSX for research. The server streams the
 * file and reports how many charts it has written over the socket; the bar shows that.
 */
export function BatchExport({ pagePatientIds }: BatchExportProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [scope, setScope] = useState<'all' | 'page'>('all');
  const [run, setRun] = useState<Run>({ state: 'idle' });
  // Exports leave the product: not offered to a role that may not export (contract ACCESS_POLICY).
  const mayExport = useMay('export');

  const start = async (format: ExportFormat) => {
    const exportId = crypto.randomUUID();
    setRun({ state: 'working', format, done: 0, total: null });
    let total: number | null = null;
    const stop = await watchExportProgress(exportId, (done, of) => {
      total = of;
      setRun((r) => (r.state === 'working' ? { ...r, done, total: of } : r));
    });
    try {
      const ids = scope === 'page' ? [...pagePatientIds] : undefined;
      const blob = await fetchBatchExport({ format, export_id: exportId, ...(ids !== undefined && { patient_ids: ids }) });
      saveFile(blob, batchExportName(new Date(), format));
      setRun({ state: 'done', charts: total });
    } catch (error) {
      setRun({
        state: 'error',
        key: isApiError(error) && error.code === 'TOO_MANY_REQUESTS' ? 'exports.batch.busy' : 'exports.batch.failed',
      });
    } finally {
      stop?.();
    }
  };

  const working = run.state === 'working';
  const percent = run.state === 'working' && run.total !== null ? percentOf(run.done, run.total) : null;
  const pageEmpty = pagePatientIds.length === 0;
  if (!mayExport) return null;
  return (
    <div className="batch-export">
      <button
        type="button"
        className="button button--secondary"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        data-testid="batch-export-open"
      >
        {t('exports.batch.open')}
      </button>
      {open && (
        <div className="batch-export__panel" role="dialog" aria-labelledby="batch-export-title" data-testid="batch-export">
          <h2 id="batch-export-title" className="batch-export__title">
            {t('exports.batch.title')}
          </h2>
          <p className="batch-export__note">{t('exports.batch.intro')}</p>
          <fieldset className="batch-export__scope" disabled={working}>
            <label>
              <input
                type="radio"
                name="batch-export-scope"
                checked={scope === 'all'}
                onChange={() => setScope('all')}
                data-testid="batch-scope-all"
              />
              {t('exports.batch.scopeAll')}
            </label>
            <label>
              <input
                type="radio"
                name="batch-export-scope"
                checked={scope === 'page'}
                disabled={pageEmpty}
                onChange={() => setScope('page')}
                data-testid="batch-scope-page"
              />
              {t('exports.batch.scopePage', { count: pagePatientIds.length })}
            </label>
          </fieldset>
          <div className="batch-export__buttons">
            <button
              type="button"
              className="button button--primary"
              disabled={working}
              onClick={() => void start('csv')}
              data-testid="batch-export-csv"
            >
              {t('exports.batch.csv')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={working}
              onClick={() => void start('xlsx')}
              data-testid="batch-export-xlsx"
            >
              {t('exports.batch.xlsx')}
            </button>
          </div>
          {run.state === 'working' && (
            <div role="status" data-testid="batch-export-progress">
              <progress className="batch-export__progress" max={100} {...(percent !== null && { value: percent })} />
              <p className="batch-export__note">
                {run.total === null
                  ? t('exports.batch.preparing')
                  : t('exports.batch.progress', { done: run.done, total: run.total, percent: percent ?? 0 })}
              </p>
            </div>
          )}
          {run.state === 'done' && (
            <p className="batch-export__note" role="status" data-testid="batch-export-done">
              {run.charts === 0
                ? t('exports.batch.empty')
                : run.charts === null
                  ? t('exports.batch.doneUncounted')
                  : t('exports.batch.done', { count: run.charts })}
            </p>
          )}
          {run.state === 'error' && (
            <p className="batch-export__error" role="alert" data-testid="batch-export-error">
              {t(run.key)}
            </p>
          )}
          <p className="batch-export__note">{t('exports.batch.layout')}</p>
        </div>
      )}
    </div>
  );
}
