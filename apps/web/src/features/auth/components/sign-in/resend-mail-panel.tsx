import { resendAuthMailRequestSchema } from '@ceppro/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Field, FormMessage } from '../../../../components/form/field.tsx';
import { authMessageKeyOf } from '../../../../lib/auth-message.ts';
import { resendAuthMail } from '../../api/auth-api.ts';
import { schemaResolver } from '../../../../components/form/schema-resolver.ts';

type Values = z.input<typeof resendAuthMailRequestSchema>;

/** "Resend confirmation mail": the activation link again, for an account not yet activated. */
export function ResendMailPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<Values, unknown, z.output<typeof resendAuthMailRequestSchema>>({
    resolver: schemaResolver(resendAuthMailRequestSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await resendAuthMail(email);
      setSent(true);
    } catch (error) {
      setFailure(authMessageKeyOf(error));
    }
  });

  return (
    <form className="form auth-card__panel" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="resend-mail">
      <h2 className="auth-card__panel-title">{t('resendMail.title')}</h2>
      <p className="field__hint">{t('resendMail.body')}</p>
      <Field label={t('signIn.email')} htmlFor="resend-email" error={formState.errors.email?.message ?? failure ?? undefined}>
        <div className="input-row">
          <input id="resend-email" className="input" type="email" {...register('email')} />
          <button type="submit" className="button button--primary" disabled={formState.isSubmitting}>
            {t('resendMail.send')}
          </button>
        </div>
      </Field>
      {sent && <FormMessage kind="success">{t('auth.notice.activationMailSent')}</FormMessage>}
      <button type="button" className="button button--link" onClick={onClose}>
        {t('common.close')}
      </button>
    </form>
  );
}
