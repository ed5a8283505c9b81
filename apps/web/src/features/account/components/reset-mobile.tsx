import { mobileSchema } from '@ceppro/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeVerification } from '../../../components/form/code-verification.tsx';
import { Field, FormMessage } from '../../../components/form/field.tsx';
import { formatPhone, PhoneInput } from '../../../components/form/phone-input.tsx';
import { withMessageKey } from '../../../lib/to-message-error.ts';
import { sendMobileCode, updateMobile } from '../api/account-api.ts';
import { useSetUserInfo, useUserInfo } from '../hooks/use-user-info.ts';

/** `/reset-mobile`: a new mobile number, different from the current one, verified by SMS code. */
export function ResetMobile() {
  const { t } = useTranslation();
  const profile = useUserInfo();
  const setProfile = useSetUserInfo();
  const current = profile.data?.mobile_number ?? '';
  const [mobile, setMobile] = useState('');
  const [changed, setChanged] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const precheck = (): string | null => {
    const parsed = mobileSchema.safeParse(mobile);
    if (!parsed.success) return parsed.error.issues[0]?.message ?? 'auth.mobile.invalid';
    if (parsed.data === current.replace(/\D/g, '')) return 'auth.mobile.sameAsCurrent';
    return null;
  };

  return (
    <div className="form account-form" data-testid="reset-mobile">
      <Field label={t('account.mobile.current')} htmlFor="rm-current">
        <input id="rm-current" className="input" value={formatPhone(current)} readOnly data-testid="rm-current" />
      </Field>
      <Field label={t('account.mobile.new')} htmlFor="rm-new" error={error} required>
        <PhoneInput
          id="rm-new"
          value={mobile}
          onChange={(v) => {
            setMobile(v);
            setError(undefined);
            setChanged(false);
          }}
          testId="rm-new"
        />
      </Field>
      <CodeVerification
        testId="rm-code"
        verified={changed}
        precheck={precheck}
        send={() => withMessageKey(() => sendMobileCode(mobile))}
        verify={async (code) => {
          const result = await withMessageKey(() => updateMobile(mobile, code), 'auth.code.invalid');
          if (profile.data) setProfile({ ...profile.data, mobile_number: result.mobile_number });
          setChanged(true);
        }}
      />
      {changed && (
        <FormMessage kind="success" testId="rm-done">
          {t('account.mobile.changed')}
        </FormMessage>
      )}
    </div>
  );
}
