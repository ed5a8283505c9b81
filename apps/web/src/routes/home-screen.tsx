import { useTranslation } from 'react-i18next';
import { PlaceholderScreen } from '../components/placeholder-screen.tsx';

/** `/` — sign-in. The form arrives with the auth feature. */
export function HomeScreen() {
  const { t } = useTranslation();
  return (
    <div className="page page--narrow">
      <PlaceholderScreen title={t('screens.signIn.title')} body={t('screens.signIn.body')} />
    </div>
  );
}
