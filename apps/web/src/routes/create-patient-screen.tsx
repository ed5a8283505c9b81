import { useTranslation } from 'react-i18next';
import { PlaceholderScreen } from '../components/placeholder-screen.tsx';

/** `/create`: new patient. */
export function CreatePatientScreen() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PlaceholderScreen title={t('screens.create.title')} body={t('screens.create.body')} />
    </div>
  );
}
