import { anyPasswordSchema, passwordSchema } from '@ceppro/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { NewPasswordFields } from '../../../components/form/new-password-fields.tsx';
import { Field, FormMessage, useMessage } from '../../../components/form/field.tsx';
import { authMessageKeyOf, errorFieldOf } from '../../../lib/auth-message.ts';
import { isApiError } from '../../../lib/api/index.ts';
import { updatePassword } from '../api/account-api.ts';
import { schemaResolver } from '../../../components/form/schema-resolver.ts';

const schema = z
  .object({
    currentPassword: anyPasswordSchema,
    password: passwordSchema,
    confirmPassword: z.string().min(1, 'auth.confirmPassword.required'),
  })
  .superRefine((v, ctx) => {
    if (v.password !== '' && v.password === v.currentPassword)
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'auth.password.sameAsCurrent' });
    if (v.password !== v.confirmPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'auth.confirmPassword.mismatch' });
  });
type Values = z.input<typeof schema>;

/** `/reset-password`: current password, new one twice; the new must differ, the current must match. */
export function ResetPassword() {
  const { t } = useTranslation();
  const message = useMessage();
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, reset } = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: schemaResolver(schema),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (v) => {
    setFailure(null);
    setDone(false);
    try {
      await updatePassword(v.currentPassword, v.password, v.confirmPassword);
      reset();
      setDone(true);
    } catch (error) {
      if (isApiError(error) && error.handled) return;
      const key = authMessageKeyOf(error) ?? 'auth.error.wrongApproach';
      const field = errorFieldOf(error);
      if (key === 'auth.password.currentMismatch' || field === 'currentPassword') setError('currentPassword', { message: key });
      else if (field === 'password') setError('password', { message: key });
      else setFailure(key);
    }
  });

  return (
    <form className="form account-form" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="reset-password">
      <Field label={t('account.password.current')} htmlFor="rp-current" error={errors.currentPassword?.message} required>
        <input
          id="rp-current"
          className="input"
          type="password"
          autoComplete="current-password"
          {...register('currentPassword')}
          data-testid="rp-current"
        />
      </Field>
      <NewPasswordFields
        passwordLabel={t('account.password.new')}
        passwordId="rp-new"
        confirmId="rp-confirm"
        password={register('password')}
        confirm={register('confirmPassword')}
        passwordError={errors.password?.message}
        confirmError={errors.confirmPassword?.message}
      />
      {failure && <FormMessage kind="error">{message(failure)}</FormMessage>}
      {done && (
        <FormMessage kind="success" testId="rp-done">
          {t('account.password.changed')}
        </FormMessage>
      )}
      <div className="account-form__actions">
        <button type="submit" className="button button--primary" disabled={formState.isSubmitting}>
          {t('account.password.submit')}
        </button>
      </div>
    </form>
  );
}
