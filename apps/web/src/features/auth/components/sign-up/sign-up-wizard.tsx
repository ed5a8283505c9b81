import type { UserTypeCd } from '@ceppro/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AgreementsStep, type Agreements } from './agreements-step.tsx';
import { DetailsStep } from './details-step.tsx';
import { FinishStep } from './finish-step.tsx';
import { UserTypeStep } from './user-type-step.tsx';
import '../auth.css';
import './sign-up.css';

type Step = 'agreements' | 'userType' | 'details' | 'done';
const STEPS: readonly Step[] = ['agreements', 'userType', 'details', 'done'];

/** Sign-up (docs/spec-points.md §2): agreements, user type, details with verifications, then "check your mail". */
export function SignUpWizard() {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('agreements');
  const [agreements, setAgreements] = useState<Agreements>({ terms: false, privacy: false, sso: false });
  const [userType, setUserType] = useState<UserTypeCd | null>(null);
  const [email, setEmail] = useState('');
  const index = STEPS.indexOf(step);

  return (
    <section className="card sign-up" aria-labelledby="sign-up-title">
      <h1 className="card__title" id="sign-up-title">
        {t('signUp.title')}
      </h1>
      <ol className="stepper" aria-label={t('signUp.progress')}>
        {STEPS.map((s, i) => (
          <li
            key={s}
            className={`stepper__step${i === index ? ' stepper__step--current' : ''}${i < index ? ' stepper__step--done' : ''}`}
            aria-current={i === index ? 'step' : undefined}
          >
            <span className="stepper__number">{i + 1}</span>
            <span className="stepper__label">{t(`signUp.steps.${s}`)}</span>
          </li>
        ))}
      </ol>
      {step === 'agreements' && (
        <AgreementsStep
          value={agreements}
          onNext={(value) => {
            setAgreements(value);
            setStep('userType');
          }}
        />
      )}
      {step === 'userType' && (
        <UserTypeStep
          value={userType}
          onBack={() => setStep('agreements')}
          onNext={(value) => {
            setUserType(value);
            setStep('details');
          }}
        />
      )}
      {step === 'details' && userType !== null && (
        <DetailsStep
          userType={userType}
          onBack={() => setStep('userType')}
          onDone={(registered) => {
            setEmail(registered);
            setStep('done');
          }}
        />
      )}
      {step === 'done' && <FinishStep email={email} />}
    </section>
  );
}
