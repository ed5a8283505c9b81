import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from './field.tsx';

/** Longest password the contract accepts (packages/contract auth/fields.ts: 8-24 characters). */
const PASSWORD_MAX_LENGTH = 24;

interface NewPasswordFieldsProps {
  /** Label of the first field ("Password" on sign-up, "New password" on the password change). */
  passwordLabel: string;
  /** Ids of the two inputs; they are also their data-testid. */
  passwordId: string;
  confirmId: string;
  password: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
  passwordError?: string | undefined;
  confirmError?: string | undefined;
}

function NewPasswordInput({ id, field }: { id: string; field: UseFormRegisterReturn }) {
  return (
    <input
      id={id}
      className="input"
      type="password"
      autoComplete="new-password"
      maxLength={PASSWORD_MAX_LENGTH}
      {...field}
      data-testid={id}
    />
  );
}

/** A new password with the password rules as its hint, and its confirmation: sign-up and the password change. */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const { passwordLabel, passwordId, confirmId, password, confirm, passwordError, confirmError } = props;
  const { t } = useTranslation();
  return (
    <>
      <Field label={passwordLabel} htmlFor={passwordId} error={passwordError} hint={t('signUp.passwordHint')} required>
        <NewPasswordInput id={passwordId} field={password} />
      </Field>
      <Field label={t('signUp.fields.confirmPassword')} htmlFor={confirmId} error={confirmError} required>
        <NewPasswordInput id={confirmId} field={confirm} />
      </Field>
    </>
  );
}
