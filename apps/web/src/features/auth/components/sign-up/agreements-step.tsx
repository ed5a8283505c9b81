import type { AuthMessageKey } from '@ceppro/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../../components/form/field.tsx';
import { paths } from '../../../../routes/paths.ts';

export interface Agreements {
  terms: boolean;
  privacy: boolean;
  sso: boolean;
}

const missingKey: Record<keyof Agreements, AuthMessageKey> = {
  terms: 'auth.agreement.terms',
  privacy: 'auth.agreement.privacy',
  sso: 'auth.agreement.sso',
};

/** Step 1: terms of service, privacy policy and single sign-on policy, all required. */
export function AgreementsStep({ value, onNext }: { value: Agreements; onNext: (value: Agreements) => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const [agreed, setAgreed] = useState(value);
  const [tried, setTried] = useState(false);
  const all = agreed.terms && agreed.privacy && agreed.sso;
  const items: Array<{ key: keyof Agreements; label: string; href: string | null }> = [
    { key: 'terms', label: t('signUp.agreements.terms'), href: paths.terms.to() },
    { key: 'privacy', label: t('signUp.agreements.privacy'), href: paths.privacy.to() },
    { key: 'sso', label: t('signUp.agreements.sso'), href: null },
  ];

  return (
    <div className="form" data-testid="sign-up-agreements">
      <label className="check agreement agreement--all">
        <input
          type="checkbox"
          checked={all}
          onChange={(e) => setAgreed({ terms: e.target.checked, privacy: e.target.checked, sso: e.target.checked })}
        />
        <strong>{t('signUp.agreements.all')}</strong>
      </label>
      {items.map((item) => (
        <div key={item.key} className="agreement">
          <label className="check">
            <input type="checkbox" checked={agreed[item.key]} onChange={(e) => setAgreed({ ...agreed, [item.key]: e.target.checked })} />
            {item.label}
            <span className="agreement__required">{t('signUp.agreements.required')}</span>
          </label>
          {item.href ? (
            <a href={item.href} target="_blank" rel="noreferrer" className="agreement__view">
              {t('signUp.agreements.view')}
            </a>
          ) : (
            <p className="agreement__text">{t('signUp.agreements.ssoText')}</p>
          )}
          {tried && !agreed[item.key] && (
            <p className="field__error" role="alert">
              {message(missingKey[item.key])}
            </p>
          )}
        </div>
      ))}
      <div className="sign-up__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setTried(true);
            if (all) onNext(agreed);
          }}
        >
          {t('signUp.next')}
        </button>
      </div>
    </div>
  );
}
