import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PlaceholderScreen } from '../components/placeholder-screen.tsx';

/** `/view/{id}`: one patient. */
export function PatientScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <div className="page">
      <PlaceholderScreen title={t('screens.patient.title')} body={t('screens.patient.body', { id })} />
    </div>
  );
}
