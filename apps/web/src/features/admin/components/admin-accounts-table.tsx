import type { AdminAccount } from '@ceppro/contract';
import { useTranslation } from 'react-i18next';
import { USER_TYPE_KEYS, type AdminActionKind } from './admin-action-dialog.tsx';

export function formats(language: string) {
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  const count = new Intl.NumberFormat(language);
  const units = ['kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
  return {
    date: (iso: string) => day.format(new Date(iso)),
    count: (n: number) => count.format(n),
    bytes: (n: number) => {
      let value = n / 1024;
      let unit = 0;
      while (value >= 1024 && unit < units.length - 1) {
        value /= 1024;
        unit += 1;
      }
      return new Intl.NumberFormat(language, { style: 'unit', unit: units[unit], maximumFractionDigits: 1 }).format(value);
    },
  };
}

type Formats = ReturnType<typeof formats>;

/** The actions that make sense for an account in its state. */
function actionsFor(account: AdminAccount): AdminActionKind[] {
  const actions: AdminActionKind[] = [];
  if (account.status === 'pending_admin') actions.push('approve');
  if (account.locked || account.failed_logins > 0) actions.push('unlock');
  actions.push('setExpiry', 'changeType');
  return actions;
}

type OnAction = (kind: AdminActionKind, account: AdminAccount) => void;

function Row({ account: a, fmt, onAction }: { account: AdminAccount; fmt: Formats; onAction: OnAction }) {
  const { t } = useTranslation();
  const typeKey = USER_TYPE_KEYS.find(([code]) => code === a.user_type)?.[1];
  const s = a.subscription;
  return (
    <tr data-testid="admin-row" data-email={a.email}>
      <td>
        <strong className="admin-table__name">{a.first_name}</strong>
        <span className="admin-table__email">{a.email}</span>
        {a.role === 'admin' && <span className="admin-badge admin-badge--admin">{t('admin.admin')}</span>}
      </td>
      <td>{typeKey ? t(`signUp.userType.${typeKey}`) : a.user_type}</td>
      <td>
        <span className={`admin-badge admin-badge--${a.status}`} data-testid="admin-status">
          {t(`admin.statuses.${a.status}`)}
        </span>
        {a.failed_logins > 0 && <span className="admin-table__note">{t('admin.failedLogins', { count: a.failed_logins })}</span>}
      </td>
      <td>{fmt.date(a.created_at)}</td>
      <td data-testid="admin-expiry">
        {a.expires_at ? fmt.date(a.expires_at) : t('admin.noExpiry')}
        {a.expired && <span className="admin-badge admin-badge--expired">{t('admin.expired')}</span>}
      </td>
      <td>
        {s ? (
          <>
            {t(`membership.states.${s.state}`)}
            <span className="admin-table__note">{t(s.renews ? 'admin.renews' : 'admin.until', { date: fmt.date(s.period_end) })}</span>
          </>
        ) : (
          t('admin.noSubscription')
        )}
      </td>
      <td>
        <dl className="admin-usage">
          <dt>{t('admin.usage.patients')}</dt>
          <dd>{fmt.count(a.usage.patients)}</dd>
          <dt>{t('admin.usage.charts')}</dt>
          <dd>{fmt.count(a.usage.charts)}</dd>
          <dt>{t('admin.usage.aiRuns')}</dt>
          <dd>{fmt.count(a.usage.ai_runs)}</dd>
          <dt>{t('admin.usage.storage')}</dt>
          <dd>{fmt.bytes(a.usage.storage_bytes)}</dd>
        </dl>
      </td>
      <td>
        <div className="admin-table__actions">
          {actionsFor(a).map((kind) => (
            <button
              key={kind}
              type="button"
              className="button button--secondary"
              onClick={() => onAction(kind, a)}
              data-testid={`admin-${kind}`}
            >
              {t(`admin.actions.${kind}`)}
            </button>
          ))}
        </div>
      </td>
    </tr>
  );
}

/** One row per account: who, type, state, dates, subscription, usage and the actions for its state. */
export function AdminAccountsTable({ accounts, onAction }: { accounts: AdminAccount[]; onAction: OnAction }) {
  const { t, i18n } = useTranslation();
  const fmt = formats(i18n.language);
  const columns = ['account', 'type', 'status', 'created', 'expiry', 'subscription', 'usage', 'actions'] as const;
  return (
    <div className="admin-table__scroll">
      <table className="admin-table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {t(`admin.columns.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {accounts.map((a) => (
            <Row key={a.uuid} account={a} fmt={fmt} onAction={onAction} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
