import { useTranslation } from 'react-i18next';
import { PlusIcon } from '../../../../components/icons.tsx';
import { isApiError } from '../../../../lib/api/index.ts';
import { useModalStore } from '../../../../stores/modal-store.ts';
import { usePopupStore } from '../../../../stores/popup-store.ts';
import { pushToast } from '../../../../stores/toast-store.ts';
import { useDeleteChart } from '../../api/use-delete-chart.ts';
import { usePatientCharts } from '../../api/use-patient-charts.ts';
import { useLeavePatient } from '../../hooks/use-leave-patient.ts';
import { cephShootDate } from '../../lib/charts.ts';
import { HistoryTile } from './history-tile.tsx';

/**
 * Patient history (docs/spec-points.md §2): chart thumbnails three per row, an "add" tile first. A tile
 * opens the viewer, changes the chart's images, or deletes the chart (soft delete; deleting the
 * last chart returns to the list).
 */
export function PatientHistory({ patientId, variant }: { patientId: number; variant: 'page' | 'modal' }) {
  const { t } = useTranslation();
  const charts = usePatientCharts(patientId);
  const removeChart = useDeleteChart();
  const leave = useLeavePatient(variant);
  const { openAdd, openChange } = useModalStore();
  const list = charts.data ?? [];

  const confirmDelete = (chartId: number, wasLast: boolean) => {
    usePopupStore.getState().open({
      title: t('patients.deleteChart.title'),
      text: t('patients.deleteChart.text'),
      textConfirm: t('patients.actions.delete'),
      textCancel: t('common.cancel'),
      fnConfirm: () => {
        removeChart.mutate(chartId, {
          onSuccess: () => {
            pushToast({ kind: 'success', title: { key: 'patients.deleteChart.done' }, text: '' });
            if (wasLast) leave();
          },
          onError: (error) => {
            if (!(isApiError(error) && error.handled))
              pushToast({ kind: 'error', title: { key: 'patients.deleteChart.failed' }, text: '' });
          },
        });
      },
    });
  };

  return (
    <section className="patient-history" aria-labelledby="patient-history-title">
      <h3 id="patient-history-title" className="patient-history__title">
        {t('patients.history.title')}
        {charts.data && <span className="patient-history__count">{charts.data.length}</span>}
      </h3>
      {charts.isError ? (
        <div className="patient-history__state" role="alert">
          <span>{t('patients.history.loadError')}</span>
          <button type="button" className="button button--secondary" onClick={() => void charts.refetch()}>
            {t('patients.actions.retry')}
          </button>
        </div>
      ) : (
        <ul className="patient-history__grid" aria-busy={charts.isPending}>
          <li>
            <button type="button" className="history-add" onClick={() => openAdd(patientId)} data-testid="history-add">
              <PlusIcon width={28} height={28} />
              <span>{t('patients.history.add')}</span>
            </button>
          </li>
          {list.map((chart) => (
            <li key={chart.id}>
              <HistoryTile
                chart={chart}
                onChange={() => openChange(patientId, { chartId: chart.chart_id, uuid: chart.uuid, shootDate: cephShootDate(chart) })}
                onDelete={() => confirmDelete(chart.id, list.length === 1)}
                deleting={removeChart.isPending && removeChart.variables === chart.id}
              />
            </li>
          ))}
        </ul>
      )}
      {charts.isPending && (
        <p className="patient-history__state" role="status">
          {t('common.loading')}
        </p>
      )}
    </section>
  );
}
