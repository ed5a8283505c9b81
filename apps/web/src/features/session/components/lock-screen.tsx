import { anyPasswordSchema } from '@ceppro/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Dialog } from '../../../components/dialog/index.ts';
import { Field, FormMessage, useMessage } from '../../../components/form/field.tsx';
import { LogoMark } from '../../../components/icons.tsx';
import { authMessageKeyOf } from '../../../lib/auth-message.ts';
import { isApiError } from '../../../lib/api/index.ts';
import { readSession } from '../../../stores/session.ts';
import { signOut } from '../../../stores/sign-out.ts';
import { useLockStore } from '../../../stores/lock-store.ts';
import { reenterPassword } from '../api/session-api.ts';
import './session.css';
import { schemaResolver } from '../../../components/form/schema-resolver.ts';

const schema = z.object({ password: anyPasswordSchema });

/** Covers the app after inactivity; the account password unlocks it (/api/renter-password). */
export function LockScreen({ onUnlock }: { onUnlock: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const session = readSession();
  const reason = useLockStore((s) => s.reason);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: schemaResolver(schema),
    defaultValues: { password: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      await reenterPassword(password);
      onUnlock();
    } catch (error) {
      if (isApiError(error) && error.handled) return;
      setFailure(authMessageKeyOf(error) ?? 'auth.password.currentMismatch');
    }
  });

  return (
    // No onDismiss: only the password (or signing out) ends the lock; Escape is refused.
    <Dialog className="lock-screen" labelledBy="lock-title" cover testId="lock-screen">
      <form className="card lock-screen__card" onSubmit={(e) => void onSubmit(e)} noValidate>
        <LogoMark width={40} height={40} />
        <h1 className="card__title" id="lock-title">
          {t('session.lock.title')}
        </h1>
        <p className="card__subtitle">{t(reason === 'manual' ? 'session.lock.manualBody' : 'session.lock.body')}</p>
        {session && <p className="lock-screen__user">{session.email}</p>}
        <Field label={t('signIn.password')} htmlFor="lock-password" error={formState.errors.password?.message}>
          <input
            id="lock-password"
            className="input"
            type="password"
            autoComplete="current-password"
            autoFocus
            {...register('password')}
            data-testid="lock-password"
          />
        </Field>
        {failure && <FormMessage kind="error">{message(failure)}</FormMessage>}
        <button type="submit" className="button button--primary button--block" disabled={formState.isSubmitting}>
          {t('session.lock.unlock')}
        </button>
        <button type="button" className="button button--link" onClick={() => void signOut().finally(() => window.location.assign('/'))}>
          {t('header.signOut')}
        </button>
      </form>
    </Dialog>
  );
}
