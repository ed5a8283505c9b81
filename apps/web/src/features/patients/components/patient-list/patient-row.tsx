import type { Patient } from '@ceppro/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EditIcon, TrashIcon } from '../../../../components/icons.tsx';
import { paths } from '../../../../routes/paths.ts';
import { cephShootDate, newestChart } from '../../lib/charts.ts';

interface PatientRowProps {
  patient: Patient;
  /** Whole years, or null when the birth date cannot be read. */
  age: number | null;
  /** Show who created the patient and who changed it last (in a clinic). */
  people: boolean;
  /** The role may delete patients (else no Delete button). */
  mayDelete: boolean;
  onOpen: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();

/** One patient: a click anywhere but the links and buttons opens the newest chart. */
export function PatientRow({ patient, age, people, mayDelete, onOpen, onEdit, onDelete }: PatientRowProps) {
  const { t } = useTranslation();
  // The last change: the newest chart's analysis, else the patient's details.
  const changedBy = newestChart(patient.charts)?.updated_by ?? patient.updated_by ?? null;
  return (
    <tr
      className="patient-row"
      onClick={onOpen}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && e.target === e.currentTarget) onOpen();
      }}
      tabIndex={0}
      data-testid="patient-row"
      data-patient={patient.id}
    >
      <td className="patient-row__id">{patient.patient_id}</td>
      <td className="patient-row__name">{patient.first_name}</td>
      <td>
        <span className="patient-row__birth">{patient.birth_info}</span>
        {age !== null && <span className="patient-row__age">{t('patients.list.age', { age })}</span>}
      </td>
      <td className="patient-row__gender">
        <abbr title={patient.gender ? t('patients.gender.female') : t('patients.gender.male')}>
          {patient.gender ? t('patients.list.femaleShort') : t('patients.list.maleShort')}
        </abbr>
      </td>
      <td className="patient-row__history">
        {patient.charts.length === 0 && <span className="history-link history-link--none">{t('patients.list.noDate')}</span>}
        {patient.charts.map((chart) => (
          <Link
            key={chart.uuid}
            to={paths.viewer.to(chart.uuid)}
            className="history-link"
            onClick={stop}
            title={chart.updated_by ? t('clinic.list.changedBy', { name: chart.updated_by.first_name }) : undefined}
            data-testid="history-link"
          >
            {cephShootDate(chart) ?? t('patients.list.noDate')}
          </Link>
        ))}
      </td>
      {people && (
        <td className="patient-row__people" data-testid="row-people">
          {patient.created_by && (
            <span className="patient-row__person" data-testid="row-created-by">
              {t('clinic.list.createdBy', { name: patient.created_by.first_name })}
            </span>
          )}
          {changedBy && (
            <span className="patient-row__person patient-row__person--changed" data-testid="row-changed-by">
              {t('clinic.list.changedBy', { name: changedBy.first_name })}
            </span>
          )}
        </td>
      )}
      <td className="patient-row__action">
        <button
          type="button"
          className="icon-button"
          onClick={(e) => {
            stop(e);
            onEdit();
          }}
          aria-label={t('patients.list.editPatient', { name: patient.first_name })}
          title={t('patients.list.edit')}
          data-testid="row-edit"
        >
          <EditIcon />
        </button>
      </td>
      {mayDelete && (
        <td className="patient-row__action">
          <button
            type="button"
            className="icon-button icon-button--danger"
            onClick={(e) => {
              stop(e);
              onDelete();
            }}
            aria-label={t('patients.list.deletePatient', { name: patient.first_name })}
            title={t('patients.list.delete')}
            data-testid="row-delete"
          >
            <TrashIcon />
          </button>
        </td>
      )}
    </tr>
  );
}
