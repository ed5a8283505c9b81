import { ADMIN_ACCOUNT_FILTERS, type AdminAccount, type AdminAccountFilter } from '@ceppro/contract';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api/index.ts';
import { useToastStore } from '../../../stores/toast-store.ts';
import { ADMIN_REQUIRED, useAdminAccounts, useAdminAction, type AdminActionInput } from '../api/use-admin-accounts.ts';
import { AdminAccountsTable } from './admin-accounts-table.tsx';
import { AdminActionDialog, type AdminActionKind } from './admin-action-dialog.tsx';
import '../../../components/form/form.css';
import './admin.css';

/**
 * `/admin`: the operator's account list with search, filters and per-account actions (administrators
 * only). `tabs`: the administration screen's navigation, shown above the list (routes/admin-screen.tsx).
 */
export function AdminScreen({ tabs }: { tabs?: ReactNode }) {
  const { t } = useTranslation();
  const push = useToastStore((s) => s.push);
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [filter, setFilter] = useState<AdminAccountFilter>('all');
  const [pending, setPending] = useState<{ kind: AdminActionKind; account: AdminAccount } | null>(null);
  const accounts = useAdminAccounts(q, filter);
  const action = useAdminAction();

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
  };
  const confirm = (input: AdminActionInput) =>
    action.mutate(input, {
      onSuccess: (account) => {
        setPending(null);
        push({ kind: 'success', title: { key: 'admin.done' }, text: { key: 'admin.doneText', values: { email: account.email } } });
      },
      onError: (error) => {
        setPending(null);
        const conflict = isApiError(error) && error.code === 'CONFLICT';
        push({ kind: 'warning', title: { key: 'admin.failed' }, text: conflict ? { key: 'admin.conflict' } : error.message });
        if (conflict) void accounts.refetch();
      },
    });

  if (accounts.error && isApiError(accounts.error) && accounts.error.code === ADMIN_REQUIRED) {
    return (
      <div className="page admin">
        <p className="admin__forbidden" role="alert" data-testid="admin-forbidden">
          {t('admin.forbidden')}
        </p>
      </div>
    );
  }
  const rows = accounts.data?.pages.flatMap((p) => p.accounts) ?? [];

  return (
    <div className="page admin" data-testid="admin-screen">
      {tabs}
      <section className="card admin__card">
        <h1 className="card__title">{t('admin.title')}</h1>
        <p className="card__subtitle">{t('admin.subtitle')}</p>
        <form className="admin__toolbar" role="search" onSubmit={search}>
          <input
            className="input admin__search"
            type="search"
            value={draft}
            maxLength={100}
            placeholder={t('admin.searchPlaceholder')}
            aria-label={t('admin.searchPlaceholder')}
            onChange={(e) => setDraft(e.target.value)}
            data-testid="admin-search"
          />
          <button type="submit" className="button button--secondary">
            {t('admin.search')}
          </button>
          <label className="admin__filter">
            <span>{t('admin.filter')}</span>
            <select
              className="select"
              value={filter}
              onChange={(e) => setFilter(e.target.value as AdminAccountFilter)}
              data-testid="admin-filter"
            >
              {ADMIN_ACCOUNT_FILTERS.map((f) => (
                <option key={f} value={f}>
                  {t(`admin.filters.${f}`)}
                </option>
              ))}
            </select>
          </label>
        </form>
        {accounts.isError && (
          <p className="admin__error" role="alert">
            {t('admin.loadFailed')}
          </p>
        )}
        {accounts.isSuccess && rows.length === 0 && <p className="admin__empty">{t('admin.empty')}</p>}
        {rows.length > 0 && <AdminAccountsTable accounts={rows} onAction={(kind, account) => setPending({ kind, account })} />}
        {accounts.hasNextPage && (
          <button
            type="button"
            className="button button--secondary admin__more"
            onClick={() => void accounts.fetchNextPage()}
            disabled={accounts.isFetchingNextPage}
          >
            {t('admin.more')}
          </button>
        )}
      </section>
      {pending && (
        <AdminActionDialog
          key={`${pending.kind}:${pending.account.uuid}`}
          kind={pending.kind}
          account={pending.account}
          busy={action.isPending}
          onConfirm={confirm}
          onClose={() => setPending(null)}
        />
      )}
    </div>
  );
}
