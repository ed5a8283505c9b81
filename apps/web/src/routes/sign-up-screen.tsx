import { SignUpWizard } from '../features/auth/components/sign-up/sign-up-wizard.tsx';

/** `/signup`. */
export function SignUpScreen() {
  return (
    <div className="page page--form">
      <SignUpWizard />
    </div>
  );
}
