import type { Patient, PatientSortField } from '@ceppro/contract';
import { ageInYears, todayIso } from '@ceppro/contract';
import { useTranslation } from 'react-i18next';
import { SortIcon } from '../../../../components/icons.tsx';
import { useActorRole, useMay } from '../../../../hooks/use-work-space.ts';
import type { ListSort } from '../../lib/list-params.ts';
import { PatientRow } from './patient-row.tsx';

interface PatientTableProps {
  state: 'loading' | 'error' | 'ready';
  patients: Patient[];
  sort: ListSort;
  onSort: (field: PatientSortField) => void;
  onRetry: () => void;
  onOpen: (patient: Patient) => void;
  onEdit: (patient: Patient) => void;
  onDelete: (patient: Patient) => void;
}

function SortHeader({
  field,
  label,
  sort,
  onSort,
}: {
  field: PatientSortField;
  label: string;
  sort: ListSort;
  onSort: (f: PatientSortField) => void;
}) {
  const { t } = useTranslation();
  const direction = sort.field === field ? sort.order : null;
  const ariaSort = direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none';
  return (
    <th scope="col" aria-sort={ariaSort}>
      <button
        type="button"
        className={`sort-header${direction ? ' sort-header--active' : ''}`}
        onClick={() => onSort(field)}
        title={t('patients.list.sortBy', { column: label })}
        data-testid={`sort-${field}`}
        data-direction={direction ?? 'none'}
      >
        {label}
        <SortIcon order={direction} />
      </button>
    </th>
  );
}

/** The patient table (docs/spec-points.md §2) with its loading, error and empty states in the body. */
export function PatientTable({ state, patients, sort, onSort, onRetry, onOpen, onEdit, onDelete }: PatientTableProps) {
  const { t } = useTranslation();
  const today = todayIso();
  // In a clinic several people work on the same patients: who created each and who changed it last.
  const role = useActorRole();
  const people = role !== null && role !== 'personal';
  // What the role may not do is not offered (contract ACCESS_POLICY; the server refuses it anyway).
  const mayDelete = useMay('patient.delete');
  const columns = 5 + (people ? 1 : 0) + (mayDelete ? 1 : 0);
  return (
    <div className="table-wrap">
      <table className="patient-table" aria-busy={state === 'loading'} data-testid="patient-table">
        <thead>
          <tr>
            <SortHeader field="patient_id" label={t('patients.list.columns.patientId')} sort={sort} onSort={onSort} />
            <SortHeader field="first_name" label={t('patients.list.columns.name')} sort={sort} onSort={onSort} />
            <SortHeader field="birth_info" label={t('patients.list.columns.birthdate')} sort={sort} onSort={onSort} />
            <th scope="col">{t('patients.list.columns.gender')}</th>
            <th scope="col">{t('patients.list.columns.history')}</th>
            {people && <th scope="col">{t('clinic.list.people')}</th>}
            <th scope="col" className="patient-table__action">
              {t('patients.list.columns.edit')}
            </th>
            {mayDelete && (
              <th scope="col" className="patient-table__action">
                {t('patients.list.columns.delete')}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {state === 'loading' && (
            <tr className="patient-table__state">
              <td colSpan={columns} role="status" data-testid="list-loading">
                <span className="spinner" aria-hidden="true" />
                {t('common.loading')}
              </td>
            </tr>
          )}
          {state === 'error' && (
            <tr className="patient-table__state">
              <td colSpan={columns} role="alert" data-testid="list-error">
                <span>{t('patients.list.loadError')}</span>
                <button type="button" className="button button--secondary" onClick={onRetry} data-testid="list-retry">
                  {t('patients.actions.retry')}
                </button>
              </td>
            </tr>
          )}
          {state === 'ready' && patients.length === 0 && (
            <tr className="patient-table__state">
              <td colSpan={columns} data-testid="list-empty">
                {t('patients.list.empty')}
              </td>
            </tr>
          )}
          {state === 'ready' &&
            patients.map((patient) => (
              <PatientRow
                key={patient.id}
                patient={patient}
                age={ageInYears(patient.birth_info, today)}
                people={people}
                mayDelete={mayDelete}
                onOpen={() => onOpen(patient)}
                onEdit={() => onEdit(patient)}
                onDelete={() => onDelete(patient)}
              />
            ))}
        </tbody>
      </table>
    </div>
  );
}
