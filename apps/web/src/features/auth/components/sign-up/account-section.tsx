import { emailSchema, mobileSchema } from '@ceppro/contract';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CodeVerification } from '../../../../components/form/code-verification.tsx';
import { Field } from '../../../../components/form/field.tsx';
import { NewPasswordFields } from '../../../../components/form/new-password-fields.tsx';
import { PhoneInput } from '../../../../components/form/phone-input.tsx';
import { withMessageKey } from '../../../../lib/to-message-error.ts';
import { authSms, checkEmailExist, sendOtpSms } from '../../api/auth-api.ts';
import type { ProofState, SignUpFormApi } from './sign-up-form-types.ts';

interface AccountSectionProps {
  form: SignUpFormApi;
  emailProof: ProofState;
  mobileProof: ProofState;
}

/** Email (with the duplicate check), name, password twice, mobile number (with SMS verification). */
export function AccountSection({ form, emailProof, mobileProof }: AccountSectionProps) {
  const { t } = useTranslation();
  const { register, formState, getValues, setError, clearErrors } = form;
  const errors = formState.errors;
  const [checking, setChecking] = useState(false);

  const checkEmail = async () => {
    const value = getValues('email').trim();
    const parsed = emailSchema.safeParse(value);
    if (!parsed.success) {
      setError('email', { message: parsed.error.issues[0]?.message });
      return;
    }
    setChecking(true);
    try {
      const result = await withMessageKey(() => checkEmailExist(parsed.data));
      if (result.exists || result.email_check_token === null) setError('email', { message: 'auth.email.exists' });
      else {
        emailProof.grant(value, result.email_check_token);
        clearErrors('email');
      }
    } catch (e) {
      if (e instanceof Error && e.message) setError('email', { message: e.message });
    } finally {
      setChecking(false);
    }
  };

  const mobile = () => mobileSchema.safeParse(getValues('mobileNumber'));

  return (
    <>
      <h2 className="form-section-title">{t('signUp.sections.account')}</h2>
      <div className="form-grid__wide">
        <Field label={t('signUp.fields.email')} htmlFor="su-email" error={errors.email?.message} required>
          <div className="input-row">
            <input id="su-email" className="input" type="email" autoComplete="email" {...register('email')} data-testid="su-email" />
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void checkEmail()}
              disabled={checking}
              data-testid="su-email-check"
            >
              {t('signUp.checkEmail')}
            </button>
          </div>
        </Field>
        {emailProof.token !== null && (
          <p className="field__ok" data-testid="su-email-ok">
            {t('signUp.emailAvailable')}
          </p>
        )}
      </div>
      <Field label={t('signUp.fields.name')} htmlFor="su-name" error={errors.name?.message} required>
        <input id="su-name" className="input" autoComplete="name" maxLength={30} {...register('name')} data-testid="su-name" />
      </Field>
      <div />
      <NewPasswordFields
        passwordLabel={t('signUp.fields.password')}
        passwordId="su-password"
        confirmId="su-confirm"
        password={register('password')}
        confirm={register('confirmPassword')}
        passwordError={errors.password?.message}
        confirmError={errors.confirmPassword?.message}
      />
      <div className="form-grid__wide su-mobile">
        <Field label={t('signUp.fields.mobile')} htmlFor="su-mobile" error={errors.mobileNumber?.message} required>
          <Controller
            control={form.control}
            name="mobileNumber"
            render={({ field, fieldState }) => (
              <PhoneInput
                id="su-mobile"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                invalid={fieldState.invalid}
                testId="su-mobile"
              />
            )}
          />
        </Field>
        <CodeVerification
          testId="su-code"
          verified={mobileProof.token !== null}
          precheck={() => {
            const parsed = mobile();
            if (parsed.success) clearErrors('mobileNumber');
            return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'auth.mobile.invalid');
          }}
          send={() => withMessageKey(() => sendOtpSms(getValues('mobileNumber')))}
          verify={async (code) => {
            const value = getValues('mobileNumber');
            const token = await withMessageKey(() => authSms(value, code), 'auth.code.invalid');
            mobileProof.grant(value.trim(), token);
            clearErrors('mobileNumber');
          }}
        />
      </div>
    </>
  );
}
