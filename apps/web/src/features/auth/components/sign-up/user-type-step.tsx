import { USER_TYPE, type UserTypeCd } from '@ceppro/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../../components/form/field.tsx';

const CHOICES = [
  { code: USER_TYPE.doctor, key: 'doctor' },
  { code: USER_TYPE.hospital, key: 'hospital' },
  { code: USER_TYPE.lab, key: 'lab' },
  { code: USER_TYPE.company, key: 'company' },
] as const;

/** Step 2: doctor or hospital/clinic, lab, company (changeable later in my info). */
export function UserTypeStep({
  value,
  onBack,
  onNext,
}: {
  value: UserTypeCd | null;
  onBack: () => void;
  onNext: (value: UserTypeCd) => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const [choice, setChoice] = useState<UserTypeCd | null>(value);
  const [tried, setTried] = useState(false);

  return (
    <div className="form" data-testid="sign-up-user-type">
      <div className="user-types" role="radiogroup" aria-label={t('signUp.userType.label')}>
        {CHOICES.map((c) => (
          <label key={c.code} className={`user-type${choice === c.code ? ' user-type--selected' : ''}`}>
            <input type="radio" name="userType" value={c.code} checked={choice === c.code} onChange={() => setChoice(c.code)} />
            <span className="user-type__title">{t(`signUp.userType.${c.key}`)}</span>
            <span className="user-type__text">{t(`signUp.userType.${c.key}Text`)}</span>
          </label>
        ))}
      </div>
      {tried && choice === null && (
        <p className="field__error" role="alert">
          {message('auth.userType.required')}
        </p>
      )}
      <div className="sign-up__actions">
        <button type="button" className="button button--secondary" onClick={onBack}>
          {t('common.back')}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setTried(true);
            if (choice !== null) onNext(choice);
          }}
        >
          {t('signUp.next')}
        </button>
      </div>
    </div>
  );
}
