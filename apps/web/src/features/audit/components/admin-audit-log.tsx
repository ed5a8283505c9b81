import type { AdminAuditEventView } from '@ceppro/contract';
import { useTranslation } from 'react-i18next';
import { AuditFilterForm, useAuditFilterState } from './audit-filter-form.tsx';
import { AuditPager } from './audit-pager.tsx';
import { isApiError } from '../../../lib/api/index.ts';
import { ADMIN_REQUIRED, emptyAdminFilters, fetchAdminAuditCsv, useAdminAuditTrail } from '../api/use-admin-audit-trail.ts';
import { ActionCell, AuditPageState, AuditTable, DetailCell, OutcomeCell, TimeCell } from './audit-table.tsx';
import './activity-log.css';

/**
 * /admin/audit: every account's audit trail for administrators (the server refuses anyone else and
 * records each reading): filters by account, patient, action, outcome and time, keyset pages newest
 * first, CSV download. Outcomes as recorded and refused requests with what they hit; no patient names.
 */
export function AdminAuditLog() {
  const { t } = useTranslation();
  const state = useAuditFilterState(emptyAdminFilters, { fetch: fetchAdminAuditCsv, filename: 'ceppro-audit-log.csv' });
  const { draft, setDraft, pages } = state;
  const page = useAdminAuditTrail(state.filters, pages.cursor);

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
      <AuditFilterForm
        state={state}
        testIds={{ patient: 'admin-audit-patient', apply: 'admin-audit-apply' }}
        leading={
          <label>
            {t('audit.adminView.account')}
            <input
              value={draft.account}
              onChange={(e) => setDraft({ ...draft, account: e.target.value })}
              maxLength={254}
              size={24}
              data-testid="admin-audit-account"
            />
          </label>
        }
      />
      <AuditPageState page={page}>
        {(data) => (
          <>
            <AdminEventTable events={data.items} />
            <AuditPager pages={pages} next={data.next_cursor} olderTestId="admin-audit-older" />
          </>
        )}
      </AuditPageState>
    </section>
  );
}

function AdminEventTable({ events }: { events: AdminAuditEventView[] }) {
  const { t } = useTranslation();
  const account = (who: AdminAuditEventView['actor']) =>
    who === null ? t('audit.unknown') : (who.email ?? t('audit.adminView.accountId', { id: who.user_id }));
  return (
    <AuditTable
      events={events}
      className="activity-log__table admin-audit__table"
      scroller="admin-audit__scroll"
      headings={[
        t('audit.time'),
        t('audit.adminView.accountColumn'),
        t('audit.action'),
        t('audit.patient'),
        t('audit.adminView.chart'),
        t('audit.outcome'),
        t('audit.address'),
        t('audit.details'),
      ]}
      cells={(e) => (
        <>
          <TimeCell event={e} className="admin-audit__time" />
          <td className="admin-audit__account">
            <span>{account(e.actor)}</span>
            {e.owner !== null && e.owner.user_id !== e.actor?.user_id && (
              <span className="admin-audit__owner">{t('audit.adminView.dataOf', { account: account(e.owner) })}</span>
            )}
          </td>
          <ActionCell event={e} />
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
          <OutcomeCell event={e} />
          <td className="activity-log__ip">{e.ip ?? ''}</td>
          <DetailCell event={e} />
        </>
      )}
    />
  );
}
