import { useTranslation } from 'react-i18next';
import { PlaceholderScreen } from '../components/placeholder-screen.tsx';

/** `/signup`. */
export function SignUpScreen() {
  const { t } = useTranslation();
  return (
    <div className="page page--narrow">
      <PlaceholderScreen title={t('screens.signUp.title')} body={t('screens.signUp.body')} />
    </div>
  );
}
