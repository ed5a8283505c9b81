import { NewPatientForm } from '../features/patients/components/new-patient/new-patient-form.tsx';

/** `/create`: new patient. */
export function CreatePatientScreen() {
  return (
    <div className="page">
      <NewPatientForm />
    </div>
  );
}
