import { useTranslation } from 'react-i18next';
import { usePatient } from '../../api/use-patient.ts';
import { PatientHistory } from './patient-history.tsx';
import { PatientInfoForm } from './patient-info-form.tsx';
import '../patients.css';
import './patient-edit.css';

interface PatientEditProps {
  patientId: number;
  /** As the /view/{id} page or inside the global modal (docs/spec-points.md §2: "Runs as a page or as a modal"). */
  variant: 'page' | 'modal';
}

/** Update information of patient: the patient's fields and its chart history. */
export function PatientEdit({ patientId, variant }: PatientEditProps) {
  const { t } = useTranslation();
  const patient = usePatient(patientId);

  if (patient.isPending) {
    return (
      <p className="patient-edit__state" role="status" data-testid="patient-loading">
        {t('common.loading')}
      </p>
    );
  }
  if (patient.isError) {
    return (
      <div className="patient-edit__state" role="alert" data-testid="patient-error">
        <p>{t('patients.edit.loadError')}</p>
        <button type="button" className="button button--secondary" onClick={() => void patient.refetch()}>
          {t('patients.actions.retry')}
        </button>
      </div>
    );
  }
  if (patient.data === null) {
    return (
      <p className="patient-edit__state" role="alert" data-testid="patient-missing">
        {t('patients.edit.notFound')}
      </p>
    );
  }

  return (
    <div className={`patient-edit patient-edit--${variant}`}>
      <PatientInfoForm
        key={`${patient.data.id}:${patient.data.first_name}:${patient.data.birth_info}:${String(patient.data.gender)}`}
        patient={patient.data}
        variant={variant}
      />
      <PatientHistory patientId={patient.data.id} variant={variant} />
    </div>
  );
}
