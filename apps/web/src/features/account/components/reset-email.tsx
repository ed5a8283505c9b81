import { emailSchema } from '@ceppro/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Field, FormMessage, useMessage } from '../../../components/form/field.tsx';
import { authMessageKeyOf } from '../../../lib/auth-message.ts';
import { isApiError } from '../../../lib/api/index.ts';
import { updateUserInfo } from '../api/account-api.ts';
import { useUserInfo } from '../hooks/use-user-info.ts';
import { schemaResolver } from '../../../components/form/schema-resolver.ts';

/** `/reset-email`: a new address, different from the current one, confirmed by a mailed link. */
export function ResetEmail() {
  const { t } = useTranslation();
  const message = useMessage();
  const profile = useUserInfo();
  const current = profile.data?.email ?? '';
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const schema = z.object({ email: emailSchema.refine((v) => v !== current.toLowerCase(), 'auth.email.sameAsCurrent') });
  const { register, handleSubmit, formState, setError } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: schemaResolver(schema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      const result = await updateUserInfo({ email });
      setPending(result.email_change_pending);
    } catch (error) {
      if (isApiError(error) && error.handled) return;
      const key = authMessageKeyOf(error);
      if (key !== null) setError('email', { message: key });
      else setFailure('auth.error.wrongApproach');
    }
  });

  return (
    <form className="form account-form" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="reset-email">
      <Field label={t('account.email.current')} htmlFor="re-current">
        <input id="re-current" className="input" value={current} readOnly />
      </Field>
      <Field label={t('account.email.new')} htmlFor="re-new" error={formState.errors.email?.message} required>
        <input id="re-new" className="input" type="email" {...register('email')} data-testid="re-new" />
      </Field>
      {failure && <FormMessage kind="error">{message(failure)}</FormMessage>}
      {pending && (
        <FormMessage kind="success" testId="re-done">
          {t('auth.notice.emailChangeMailSent')}
        </FormMessage>
      )}
      <div className="account-form__actions">
        <button type="submit" className="button button--primary" disabled={formState.isSubmitting || profile.data === undefined}>
          {t('account.email.submit')}
        </button>
      </div>
    </form>
  );
}
