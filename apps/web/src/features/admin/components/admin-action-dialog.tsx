import { USER_TYPE, type AdminAccount, type UserTypeCd } from '@ceppro/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog/index.ts';
import type { AdminActionInput } from '../api/use-admin-accounts.ts';

export type AdminActionKind = AdminActionInput['kind'];

export const USER_TYPE_KEYS: ReadonlyArray<readonly [UserTypeCd, 'doctor' | 'hospital' | 'lab' | 'company']> = [
  [USER_TYPE.doctor, 'doctor'],
  [USER_TYPE.hospital, 'hospital'],
  [USER_TYPE.lab, 'lab'],
  [USER_TYPE.company, 'company'],
];

/** YYYY-MM-DD of a local day. */
function dayOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The expiry instant of a chosen day: its last millisecond in the admin's own time zone. */
export function endOfDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1, 23, 59, 59, 999).toISOString();
}

const DEFAULT_EXTENSION_DAYS = 30;

interface Props {
  kind: AdminActionKind;
  account: AdminAccount;
  busy: boolean;
  onConfirm(input: AdminActionInput): void;
  onClose(): void;
}

/**
 * Confirms one admin action on one account in the app's modal dialog (Escape and Cancel close it;
 * focus stays inside while open). Setting the expiry asks for the day; changing the type asks for the type.
 */
export function AdminActionDialog({ kind, account, busy, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const fieldId = useId();
  const [day, setDay] = useState(() =>
    dayOf(account.expires_at ? new Date(account.expires_at) : new Date(Date.now() + DEFAULT_EXTENSION_DAYS * 86_400_000)),
  );
  const [userType, setUserType] = useState<UserTypeCd>(account.user_type);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { uuid } = account;
    if (kind === 'setExpiry') onConfirm({ kind, uuid, expiresAt: endOfDay(day) });
    else if (kind === 'changeType') onConfirm({ kind, uuid, userType });
    else onConfirm({ kind, uuid });
  };

  return (
    <Dialog className="admin-dialog" labelledBy={titleId} onDismiss={onClose} testId="admin-dialog">
      <form onSubmit={submit}>
        <h2 id={titleId} className="admin-dialog__title">
          {t(`admin.dialog.${kind}Title`)}
        </h2>
        <p className="admin-dialog__text">{t(`admin.dialog.${kind}Text`, { email: account.email })}</p>
        {kind === 'setExpiry' && (
          <label className="admin-dialog__field" htmlFor={fieldId}>
            <span>{t('admin.dialog.expiryDate')}</span>
            <input
              id={fieldId}
              className="input"
              type="date"
              required
              value={day}
              onChange={(e) => setDay(e.target.value)}
              data-testid="admin-expiry-date"
            />
          </label>
        )}
        {kind === 'changeType' && (
          <label className="admin-dialog__field" htmlFor={fieldId}>
            <span>{t('signUp.userType.label')}</span>
            <select
              id={fieldId}
              className="select"
              value={userType}
              onChange={(e) => setUserType(e.target.value as UserTypeCd)}
              data-testid="admin-user-type"
            >
              {USER_TYPE_KEYS.map(([code, key]) => (
                <option key={code} value={code}>
                  {t(`signUp.userType.${key}`)}
                </option>
              ))}
            </select>
          </label>
        )}
        <div className="admin-dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('admin.dialog.cancel')}
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={busy || (kind === 'setExpiry' && !day)}
            data-testid="admin-dialog-confirm"
          >
            {t(`admin.actions.${kind}`)}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
