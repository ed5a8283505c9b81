import { findPwRequestSchema } from '@ceppro/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { CodeVerification } from '../../../../components/form/code-verification.tsx';
import { Field, FormMessage, useMessage } from '../../../../components/form/field.tsx';
import { PhoneInput } from '../../../../components/form/phone-input.tsx';
import { withMessageKey } from '../../../../lib/to-message-error.ts';
import { paths } from '../../../../routes/paths.ts';
import { findPw, setTempPw, tfindPw } from '../../api/auth-api.ts';
import { schemaResolver } from '../../../../components/form/schema-resolver.ts';

type Values = z.input<typeof findPwRequestSchema>;

/** Email, name and mobile number -> SMS code -> a temporary password by mail. */
export function FindPasswordForm() {
  const { t } = useTranslation();
  const message = useMessage();
  const [resetToken, setResetToken] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof findPwRequestSchema>>({
    resolver: schemaResolver(findPwRequestSchema),
    defaultValues: { email: '', name: '', mobileNumber: '' },
  });
  const errors = form.formState.errors;
  const v = () => form.getValues();

  const sendTemporary = async () => {
    if (resetToken === null) return;
    setFailure(null);
    try {
      await withMessageKey(() => setTempPw(resetToken), 'auth.token.invalid');
      setSent(true);
    } catch (e) {
      setFailure(e instanceof Error ? e.message : null);
    }
  };

  return (
    <div className="form" data-testid="find-password">
      <Field label={t('signUp.fields.email')} htmlFor="fp-email" error={errors.email?.message}>
        <input id="fp-email" className="input" type="email" {...form.register('email')} data-testid="fp-email" />
      </Field>
      <Field label={t('signUp.fields.name')} htmlFor="fp-name" error={errors.name?.message}>
        <input id="fp-name" className="input" {...form.register('name')} data-testid="fp-name" />
      </Field>
      <Field label={t('signUp.fields.mobile')} htmlFor="fp-mobile" error={errors.mobileNumber?.message}>
        <Controller
          control={form.control}
          name="mobileNumber"
          render={({ field }) => (
            <PhoneInput id="fp-mobile" value={field.value} onChange={field.onChange} onBlur={field.onBlur} testId="fp-mobile" />
          )}
        />
      </Field>
      <CodeVerification
        testId="fp-code"
        verified={resetToken !== null}
        precheck={() => {
          void form.trigger();
          return findPwRequestSchema.safeParse(v()).success ? null : '';
        }}
        send={() => withMessageKey(() => findPw(v().email, v().name, v().mobileNumber), 'auth.error.noMember')}
        verify={async (code) => {
          setResetToken(await withMessageKey(() => tfindPw(v().email, v().mobileNumber, code), 'auth.code.invalid'));
        }}
      />
      {resetToken !== null && !sent && (
        <button
          type="button"
          className="button button--primary button--block"
          onClick={() => void sendTemporary()}
          data-testid="fp-send-temp"
        >
          {t('findAccount.sendTemporary')}
        </button>
      )}
      {failure && <FormMessage kind="error">{message(failure)}</FormMessage>}
      {sent && (
        <>
          <FormMessage kind="success" testId="fp-result">
            {t('auth.notice.temporaryPasswordSent')}
          </FormMessage>
          <Link className="button button--primary button--block" to={paths.home.to()}>
            {t('findAccount.toSignIn')}
          </Link>
        </>
      )}
    </div>
  );
}
