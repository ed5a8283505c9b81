import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PatientEdit } from '../features/patients/components/patient-edit/patient-edit.tsx';

/** `/view/{id}`: one patient (its integer id), the patient edit as a page. */
export function PatientScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const patientId = /^\d{1,9}$/.test(id) ? Number(id) : null;
  return (
    <div className="page">
      <section className="card patient-page" aria-labelledby="patient-page-title">
        <h1 id="patient-page-title" className="card__title">
          {t('patients.edit.title')}
        </h1>
        {patientId === null || patientId === 0 ? (
          <p className="patient-edit__state" role="alert" data-testid="patient-missing">
            {t('patients.edit.notFound')}
          </p>
        ) : (
          <PatientEdit key={patientId} patientId={patientId} variant="page" />
        )}
      </section>
    </div>
  );
}
