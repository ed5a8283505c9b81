import { smsCodeSchema } from '@ceppro/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountdown, useCountdown } from '../../hooks/use-countdown.ts';
import { CheckIcon } from '../icons.tsx';
import { Field, useMessage } from './field.tsx';

interface CodeVerificationProps {
  /** Sends a code; resolves with its lifetime in seconds, or rejects with a message key. */
  send: () => Promise<number>;
  /** Checks the code; rejects with a message key. */
  verify: (code: string) => Promise<void>;
  /** Validates the number before sending; returns a message key or null. */
  precheck: () => string | null;
  verified: boolean;
  /** Error shown under the send button (e.g. "Complete authentication." from the parent form). */
  error?: string | undefined;
  testId?: string;
}

/**
 * Mobile verification by SMS code (docs/spec-points.md §4 and §5): request a code, type it before the
 * countdown ends, or request a new one. Used by sign-up, find account and change mobile.
 */
export function CodeVerification({ send, verify, precheck, verified, error, testId = 'code' }: CodeVerificationProps) {
  const { t } = useTranslation();
  const text = useMessage();
  const id = useId();
  const countdown = useCountdown();
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const expired = countdown.started && countdown.remaining === 0;

  const onSend = async () => {
    const problem = precheck();
    if (problem !== null) {
      setMessage(problem);
      return;
    }
    setBusy(true);
    try {
      countdown.start(await send());
      setCode('');
      setMessage(undefined);
    } catch (e) {
      setMessage(e instanceof Error ? e.message : undefined);
    } finally {
      setBusy(false);
    }
  };

  const onVerify = async () => {
    if (expired) {
      setMessage('auth.code.invalid');
      return;
    }
    const parsed = smsCodeSchema.safeParse(code);
    if (!parsed.success) {
      setMessage(parsed.error.issues[0]?.message);
      return;
    }
    setBusy(true);
    try {
      await verify(parsed.data);
      countdown.stop();
      setMessage(undefined);
    } catch (e) {
      setMessage(e instanceof Error ? e.message : undefined);
    } finally {
      setBusy(false);
    }
  };

  if (verified) {
    return (
      <div className="code-verification">
        <p className="verified-badge" data-testid={`${testId}-verified`}>
          <CheckIcon width={16} height={16} aria-hidden="true" />
          {t('form.verified')}
        </p>
      </div>
    );
  }

  return (
    <div className="code-verification">
      <button
        type="button"
        className="button button--secondary"
        onClick={() => void onSend()}
        disabled={busy}
        data-testid={`${testId}-send`}
      >
        {countdown.started ? t('form.resendCode') : t('form.sendCode')}
      </button>
      {countdown.started ? (
        <Field label={t('form.code')} htmlFor={id} error={message}>
          <div className="input-row">
            <input
              id={id}
              className="input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              data-testid={`${testId}-input`}
            />
            <span className="countdown" aria-live="off" data-testid={`${testId}-countdown`}>
              {expired ? t('form.codeExpired') : formatCountdown(countdown.remaining)}
            </span>
            <button
              type="button"
              className="button button--primary"
              onClick={() => void onVerify()}
              disabled={busy}
              data-testid={`${testId}-verify`}
            >
              {t('form.verify')}
            </button>
          </div>
        </Field>
      ) : (
        (message ?? error) && (
          <p className="field__error" role="alert">
            {text(message ?? error)}
          </p>
        )
      )}
    </div>
  );
}
