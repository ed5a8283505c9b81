import type { Patient } from '@ceppro/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EditIcon, TrashIcon } from '../../../../components/icons.tsx';
import { paths } from '../../../../routes/paths.ts';
import { cephShootDate } from '../../lib/charts.ts';

interface PatientRowProps {
  patient: Patient;
  /** Whole years, or null when the birth date cannot be read. */
  age: number | null;
  onOpen: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();

/** One patient: a click anywhere but the links and buttons opens the newest chart. */
export function PatientRow({ patient, age, onOpen, onEdit, onDelete }: PatientRowProps) {
  const { t } = useTranslation();
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
          <Link key={chart.uuid} to={paths.viewer.to(chart.uuid)} className="history-link" onClick={stop} data-testid="history-link">
            {cephShootDate(chart) ?? t('patients.list.noDate')}
          </Link>
        ))}
      </td>
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
    </tr>
  );
}
