import { loginRequestSchema, type AuthMessageKey } from '@ceppro/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { Field, FormMessage, useMessage } from '../../../../components/form/field.tsx';
import { authMessageKeyOf } from '../../../../lib/auth-message.ts';
import { isApiError } from '../../../../lib/api/index.ts';
import { rememberEmail, savedEmail, setPasswordChangeDue, storeSession } from '../../../../stores/session.ts';
import { paths } from '../../../../routes/paths.ts';
import { login } from '../../api/auth-api.ts';
import { ResendMailPanel } from './resend-mail-panel.tsx';
import '../auth.css';
import { schemaResolver } from '../../../../components/form/schema-resolver.ts';

const required: AuthMessageKey = 'auth.login.required';
const signInSchema = z.object({
  email: loginRequestSchema.shape.email,
  password: z.string().min(1, required),
  saveEmail: z.boolean(),
});
type SignInValues = z.input<typeof signInSchema>;

/**
 * The sign-in card on the home page (docs/spec-points.md §2 and §4). `next`: where a successful sign-in
 * goes instead of the patient list (the clinic invitation page brings the invitee back to accept).
 */
export function SignInForm({ next }: { next?: string | undefined } = {}) {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<AuthMessageKey | null>(null);
  const [resendOpen, setResendOpen] = useState(false);
  const remembered = savedEmail();
  const { register, handleSubmit, formState } = useForm<SignInValues, unknown, z.output<typeof signInSchema>>({
    resolver: schemaResolver(signInSchema),
    defaultValues: { email: remembered ?? '', password: '', saveEmail: remembered !== null },
  });
  const invalid = formState.errors.email?.message ?? formState.errors.password?.message;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const session = await login(values.email, values.password);
      storeSession(session.token, session.user);
      rememberEmail(values.saveEmail ? values.email : null);
      setPasswordChangeDue(session.password_change_required ? (session.password_change_reason ?? 'expired') : null);
      await navigate(next ?? paths.list.to(0), { replace: true });
    } catch (error) {
      if (isApiError(error) && error.handled) return;
      setFailure(authMessageKeyOf(error) ?? 'auth.error.loginIncorrect');
    }
  });

  return (
    <section className="card auth-card" aria-labelledby="sign-in-title">
      <h1 className="card__title" id="sign-in-title">
        {t('signIn.title')}
      </h1>
      <p className="card__subtitle">{t('signIn.subtitle')}</p>
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="sign-in-form">
        <Field label={t('signIn.email')} htmlFor="sign-in-email">
          <input id="sign-in-email" className="input" type="email" autoComplete="username" {...register('email')} />
        </Field>
        <Field label={t('signIn.password')} htmlFor="sign-in-password">
          <input id="sign-in-password" className="input" type="password" autoComplete="current-password" {...register('password')} />
        </Field>
        <label className="check">
          <input type="checkbox" {...register('saveEmail')} data-testid="save-email" />
          {t('signIn.saveEmail')}
        </label>
        {(invalid ?? failure) && (
          <FormMessage kind="error" testId="sign-in-error">
            {message(invalid ?? failure)}
          </FormMessage>
        )}
        <button type="submit" className="button button--primary button--block" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t('common.loading') : t('signIn.submit')}
        </button>
      </form>
      <nav className="link-row auth-card__links" aria-label={t('signIn.help')}>
        <Link to={paths.findEmail.to()}>{t('signIn.findEmail')}</Link>
        <Link to={paths.findPassword.to()}>{t('signIn.findPassword')}</Link>
        <button type="button" onClick={() => setResendOpen((o) => !o)} aria-expanded={resendOpen}>
          {t('signIn.resendMail')}
        </button>
      </nav>
      {resendOpen && <ResendMailPanel onClose={() => setResendOpen(false)} />}
      <p className="auth-card__footer">
        {t('signIn.noAccount')} <Link to={paths.signUp.to()}>{t('signIn.signUp')}</Link>
      </p>
    </section>
  );
}
