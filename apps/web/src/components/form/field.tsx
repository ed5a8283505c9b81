import { isAuthMessageKey } from '@ceppro/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './form.css';

/** Turns a zod/server message key into text; anything that is not a key is shown as it is. */
export function useMessage(): (message: string | undefined | null) => string {
  const { t } = useTranslation();
  return (message) => {
    if (!message) return '';
    return isAuthMessageKey(message) ? t(message) : message;
  };
}

interface FieldProps {
  label: string;
  htmlFor: string;
  /** A message key or text; shown under the control. */
  error?: string | undefined;
  hint?: string | undefined;
  required?: boolean;
  children: ReactNode;
}

/** One labelled form control with its validation message. */
export function Field({ label, htmlFor, error, hint, required, children }: FieldProps) {
  const message = useMessage();
  const text = message(error);
  return (
    <div className={`field${text ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={htmlFor}>
        {label}
        {required && (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children}
      {text ? (
        <p className="field__error" role="alert" id={`${htmlFor}-error`}>
          {text}
        </p>
      ) : (
        hint && <p className="field__hint">{hint}</p>
      )}
    </div>
  );
}

/** A form-level message box (server refusals, successes). */
export function FormMessage({ kind, children, testId }: { kind: 'error' | 'success' | 'info'; children: ReactNode; testId?: string }) {
  return (
    <div className={`form-message form-message--${kind}`} role={kind === 'error' ? 'alert' : 'status'} data-testid={testId}>
      {children}
    </div>
  );
}
