import { AUDIT_KINDS, AUDIT_OUTCOMES, type AdminAuditEventView } from '@ceppro/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditPager, useAuditCursors } from './audit-pager.tsx';
import { isApiError } from '../../../lib/api/index.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { useToastStore } from '../../../stores/toast-store.ts';
import {
  ADMIN_REQUIRED,
  emptyAdminFilters,
  fetchAdminAuditCsv,
  useAdminAuditTrail,
  type AdminAuditFilters,
} from '../api/use-admin-audit-trail.ts';
import { actionKey, timeText } from '../lib/audit-words.ts';
import { EventDetail } from './event-detail.tsx';
import './activity-log.css';

/**
 * /admin/audit: every account's audit trail for administrators (the server refuses anyone else and
 * records each reading): filters by account, patient, action, outcome and time, keyset pages newest
 * first, CSV download. Outcomes as recorded and refused requests with what they hit; no patient names.
 */
export function AdminAuditLog() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<AdminAuditFilters>(emptyAdminFilters);
  const [filters, setFilters] = useState<AdminAuditFilters>(emptyAdminFilters);
  const pages = useAuditCursors();
  const page = useAdminAuditTrail(filters, pages.cursor);
  const push = useToastStore((s) => s.push);
  const [downloading, setDownloading] = useState(false);

  const apply = (next: AdminAuditFilters) => {
    setFilters(next);
    pages.reset();
  };
  const set = (field: keyof AdminAuditFilters) => (e: { target: { value: string } }) => setDraft({ ...draft, [field]: e.target.value });

  const download = async () => {
    setDownloading(true);
    try {
      saveFile(await fetchAdminAuditCsv(filters), 'ceppro-audit-log.csv');
    } catch {
      push({ kind: 'error', title: { key: 'audit.downloadFailed' }, text: '' });
    } finally {
      setDownloading(false);
    }
  };

  if (page.error && isApiError(page.error) && page.error.code === ADMIN_REQUIRED) {
    return (
      <p className="admin-audit__forbidden" role="alert" data-testid="admin-forbidden">
        {t('audit.adminView.forbidden')}
      </p>
    );
  }

  return (
    <section className="card admin-audit" data-testid="admin-audit" aria-labelledby="admin-audit-title">
      <h1 id="admin-audit-title" className="card__title">
        {t('audit.adminView.title')}
      </h1>
      <p className="card__subtitle">{t('audit.adminView.subtitle')}</p>
      {page.data && (
        <p className="field__hint" data-testid="admin-audit-retention">
          {t('audit.adminView.retention', {
            days: page.data.retention_days,
            years: new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 }).format(page.data.retention_days / 365),
          })}
        </p>
      )}
      <form
        className="activity-log__filters"
        onSubmit={(e) => {
          e.preventDefault();
          apply(draft);
        }}
      >
        <label>
          {t('audit.adminView.account')}
          <input value={draft.account} onChange={set('account')} maxLength={254} size={24} data-testid="admin-audit-account" />
        </label>
        <label>
          {t('audit.from')}
          <input type="date" value={draft.from} onChange={set('from')} data-testid="audit-from" />
        </label>
        <label>
          {t('audit.to')}
          <input type="date" value={draft.to} onChange={set('to')} data-testid="audit-to" />
        </label>
        <label>
          {t('audit.action')}
          <select value={draft.action} onChange={set('action')} data-testid="audit-action">
            <option value="">{t('audit.any')}</option>
            {AUDIT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`audit.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('audit.outcome')}
          <select value={draft.outcome} onChange={set('outcome')} data-testid="audit-outcome">
            <option value="">{t('audit.any')}</option>
            {AUDIT_OUTCOMES.map((o) => (
              <option key={o} value={o}>
                {t(`audit.outcomes.${o}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('audit.patientNumber')}
          <input inputMode="numeric" value={draft.patientId} onChange={set('patientId')} size={8} data-testid="admin-audit-patient" />
        </label>
        <button type="submit" className="button button--primary" data-testid="admin-audit-apply">
          {t('audit.apply')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setDraft(emptyAdminFilters);
            apply(emptyAdminFilters);
          }}
        >
          {t('audit.reset')}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => void download()}
          disabled={downloading}
          data-testid="audit-csv"
        >
          {t('audit.csv')}
        </button>
      </form>
      {page.isPending ? (
        <p className="field__hint">{t('common.loading')}</p>
      ) : page.isError ? (
        <p role="alert">{t('audit.loadFailed')}</p>
      ) : (
        <>
          <AdminEventTable events={page.data.items} />
          <AuditPager pages={pages} next={page.data.next_cursor} olderTestId="admin-audit-older" />
        </>
      )}
    </section>
  );
}

function AdminEventTable({ events }: { events: AdminAuditEventView[] }) {
  const { t, i18n } = useTranslation();
  if (events.length === 0) return <p className="activity-log__empty">{t('audit.empty')}</p>;
  const account = (who: AdminAuditEventView['actor']) =>
    who === null ? t('audit.unknown') : (who.email ?? t('audit.adminView.accountId', { id: who.user_id }));
  return (
    <div className="admin-audit__scroll">
      <table className="activity-log__table admin-audit__table" data-testid="audit-table">
        <thead>
          <tr>
            <th>{t('audit.time')}</th>
            <th>{t('audit.adminView.accountColumn')}</th>
            <th>{t('audit.action')}</th>
            <th>{t('audit.patient')}</th>
            <th>{t('audit.adminView.chart')}</th>
            <th>{t('audit.outcome')}</th>
            <th>{t('audit.address')}</th>
            <th>{t('audit.details')}</th>
          </tr>
        </thead>
        <tbody>
          {events.map((e) => {
            const key = actionKey(e.action);
            const onOthers = e.owner !== null && e.owner.user_id !== e.actor?.user_id;
            return (
              <tr key={e.id} data-testid="audit-row" data-action={e.action} data-outcome={e.outcome}>
                <td className="admin-audit__time">{timeText(e.at, i18n.language)}</td>
                <td className="admin-audit__account">
                  <span>{account(e.actor)}</span>
                  {onOthers && <span className="admin-audit__owner">{t('audit.adminView.dataOf', { account: account(e.owner) })}</span>}
                </td>
                <td>{key ? t(key, { defaultValue: e.action }) : e.action}</td>
                <td>
                  {e.patient_ref === null
                    ? ''
                    : e.patient_number
                      ? t('audit.adminView.patientNumber', { number: e.patient_number, id: e.patient_ref })
                      : t('audit.adminView.patientId', { id: e.patient_ref })}
                </td>
                <td className="activity-log__ip" title={e.chart_id ?? undefined}>
                  {e.chart_id ? e.chart_id.slice(0, 8) : ''}
                </td>
                <td>
                  <span className={`activity-log__outcome activity-log__outcome--${e.outcome}`}>{t(`audit.outcomes.${e.outcome}`)}</span>
                </td>
                <td className="activity-log__ip">{e.ip ?? ''}</td>
                <td className="activity-log__detail">
                  <EventDetail event={e} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
