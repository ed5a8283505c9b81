import { PATIENT_PAGE_SIZE, type Patient, type PatientSortField } from '@ceppro/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PlusIcon } from '../../../../components/icons.tsx';
import { paths } from '../../../../routes/paths.ts';
import { useModalStore } from '../../../../stores/modal-store.ts';
import { usePopupStore } from '../../../../stores/popup-store.ts';
import { usePatients } from '../../api/use-patients.ts';
import { useConfirmDeletePatient } from '../../hooks/use-confirm-delete-patient.ts';
import { newestChart } from '../../lib/charts.ts';
import { listSearch, patientsVariables, readListParams, toggleSort, type ListParams } from '../../lib/list-params.ts';
import { pageCountOf } from '../../lib/pager.ts';
import { BatchExport } from '../batch-export/batch-export.tsx';
import { Pager } from './pager.tsx';
import { PatientTable } from './patient-table.tsx';
import { SearchBox } from './search-box.tsx';
import '../patients.css';
import './patient-list.css';

/**
 * The patient list (docs/spec-points.md §2): search by name, sort by patient ID / name / birthdate, ten
 * patients a page, a row opens the newest chart in the viewer, Edit opens the patient in the
 * global modal, DELETE soft-deletes after a confirm.
 */
export function PatientList({ page }: { page: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const params = readListParams(search);
  const query = usePatients(patientsVariables(page, params));
  const { confirmDelete: deletePatient } = useConfirmDeletePatient();
  const openView = useModalStore((s) => s.openView);

  const hrefOf = (target: number, next: ListParams = params) => `${paths.list.to(target)}${listSearch(next)}`;
  const data = query.data;

  // A page past the end (the last patient of it was deleted elsewhere, an old bookmark): go to the last page.
  useEffect(() => {
    if (data === undefined || data.items.length > 0 || data.pagination.total === 0) return;
    const last = pageCountOf(data.pagination.total, PATIENT_PAGE_SIZE) - 1;
    if (page > last) void navigate(hrefOf(last), { replace: true });
  });

  const openNewest = (patient: Patient) => {
    const chart = newestChart(patient.charts);
    if (chart !== null) {
      void navigate(paths.viewer.to(chart.uuid));
      return;
    }
    usePopupStore.getState().open({ title: t('patients.list.noChart'), text: '', textConfirm: t('common.confirm') });
  };

  const confirmDelete = (patient: Patient) => {
    const lastOnPage = (data?.items.length ?? 0) === 1 && page > 0;
    deletePatient(patient, () => {
      if (lastOnPage) void navigate(hrefOf(page - 1));
    });
  };

  const state = query.isError && data === undefined ? 'error' : data === undefined ? 'loading' : 'ready';
  return (
    <section className="patient-list" aria-labelledby="patient-list-title">
      <header className="patient-list__head">
        <h1 id="patient-list-title" className="patient-list__title">
          {t('patients.list.title')}
        </h1>
        {/* Toasts keep clear of search and New patient (components/toast-placement.ts). */}
        <div className="patient-list__tools" data-toast-keep-clear="">
          <BatchExport pagePatientIds={(data?.items ?? []).map((p) => p.id)} />
          <SearchBox key={params.q} initial={params.q} onSearch={(q) => void navigate(hrefOf(0, { ...params, q }))} />
          <Link to={paths.createPatient.to()} className="button button--primary" data-testid="new-patient">
            <PlusIcon width={18} height={18} />
            {t('patients.list.newPatient')}
          </Link>
        </div>
      </header>
      {query.isError && data !== undefined && (
        <p className="form-message form-message--error" role="alert">
          {t('patients.list.loadError')}{' '}
          <button type="button" className="button--link" onClick={() => void query.refetch()}>
            {t('patients.actions.retry')}
          </button>
        </p>
      )}
      <PatientTable
        state={state}
        patients={data?.items ?? []}
        sort={params.sort}
        onSort={(field: PatientSortField) => void navigate(hrefOf(0, { ...params, sort: toggleSort(params.sort, field) }))}
        onRetry={() => void query.refetch()}
        onOpen={openNewest}
        onEdit={(patient) => openView(patient.id)}
        onDelete={confirmDelete}
      />
      {data !== undefined ? (
        <Pager page={page} total={data.pagination.total} pageSize={PATIENT_PAGE_SIZE} hrefOf={(p) => hrefOf(p)} />
      ) : (
        <div className="pager pager--pending" data-testid="pager" aria-hidden="true" />
      )}
    </section>
  );
}
