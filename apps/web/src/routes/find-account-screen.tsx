import { useLocation } from 'react-router';
import { FindAccount } from '../features/auth/components/find-account/find-account.tsx';
import { paths } from './paths.ts';

/** `/find-email` and `/find-password`: one screen, two tabs. */
export function FindAccountScreen() {
  const findingPassword = useLocation().pathname === paths.findPassword.pattern;
  return (
    <div className="page page--auth-narrow">
      <FindAccount tab={findingPassword ? 'password' : 'email'} />
    </div>
  );
}
