import type { AuditEventView } from '@ceppro/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMay } from '../../../hooks/use-work-space.ts';
import { AuditFilterForm, useAuditFilterState } from './audit-filter-form.tsx';
import { AuditPager } from './audit-pager.tsx';
import { emptyFilters, fetchAuditCsv, useAuditTrail, type AuditScope } from '../api/use-audit-trail.ts';
import { actionKey, patientText, timeText } from '../lib/audit-words.ts';
import { EventDetail } from './event-detail.tsx';
import './activity-log.css';

/**
 * My info > Activity log: the caller's audit trail (views, exports, prints, changes, sign-ins and
 * refused attempts by other accounts), filtered, paged newest first, and downloadable as CSV. A
 * clinic's owner (`audit.read_clinic`) can switch to the clinic's trail: every member's events on the
 * clinic's patients, named by member.
 */
export function ActivityLog() {
  const mayReadClinic = useMay('audit.read_clinic');
  const [chosen, setChosen] = useState<AuditScope>('mine');
  // Leaving the clinic (or losing the role) falls back to the caller's own trail.
  const scope: AuditScope = mayReadClinic ? chosen : 'mine';
  return (
    <section className="activity-log" data-testid="activity-log" data-scope={scope} aria-labelledby="activity-log-title">
      {/* A new scope starts from no filters and the newest page. */}
      <ScopedTrail key={scope} scope={scope} scopes={mayReadClinic ? <ScopeSwitch scope={scope} onChange={setChosen} /> : null} />
    </section>
  );
}

function ScopeSwitch({ scope, onChange }: { scope: AuditScope; onChange: (scope: AuditScope) => void }) {
  const { t } = useTranslation();
  return (
    <div className="activity-log__scopes" role="group" aria-label={t('audit.scope.label')}>
      {(['mine', 'clinic'] as const).map((s) => (
        <button
          key={s}
          type="button"
          className={`button ${s === scope ? 'button--primary' : 'button--secondary'}`}
          aria-pressed={s === scope}
          onClick={() => onChange(s)}
          data-testid={`audit-scope-${s}`}
        >
          {t(`audit.scope.${s}`)}
        </button>
      ))}
    </div>
  );
}

function ScopedTrail({ scope, scopes }: { scope: AuditScope; scopes: ReactNode }) {
  const { t } = useTranslation();
  const state = useAuditFilterState(emptyFilters, {
    fetch: (filters) => fetchAuditCsv(filters, scope),
    filename: scope === 'clinic' ? 'ceppro-clinic-activity-log.csv' : 'ceppro-activity-log.csv',
  });
  const page = useAuditTrail(state.filters, state.pages.cursor, scope);
  return (
    <>
      <h2 id="activity-log-title" className="activity-log__title">
        {t(scope === 'clinic' ? 'audit.scope.clinicTitle' : 'audit.title')}
      </h2>
      {scopes}
      <p className="field__hint">{t(scope === 'clinic' ? 'audit.scope.clinicIntro' : 'audit.intro')}</p>
      <AuditFilterForm state={state} />
      {page.isPending ? (
        <p className="field__hint">{t('common.loading')}</p>
      ) : page.isError ? (
        <p role="alert">{t('audit.loadFailed')}</p>
      ) : (
        <>
          <EventTable events={page.data.items} scope={scope} />
          <AuditPager pages={state.pages} next={page.data.next_cursor} />
        </>
      )}
    </>
  );
}

function EventTable({ events, scope }: { events: AuditEventView[]; scope: AuditScope }) {
  const { t, i18n } = useTranslation();
  // The clinic's trail names the member who acted; the caller's own says "you" or another account.
  const actor = (e: AuditEventView) =>
    e.by_me
      ? t('audit.me')
      : e.actor_user_id === null
        ? t('audit.unknown')
        : scope === 'clinic' && e.actor_name
          ? e.actor_name
          : t('audit.otherAccount', { id: e.actor_user_id });
  if (events.length === 0) return <p className="activity-log__empty">{t('audit.empty')}</p>;
  return (
    <table className="activity-log__table" data-testid="audit-table">
      <thead>
        <tr>
          <th>{t('audit.time')}</th>
          <th>{t('audit.action')}</th>
          <th>{t('audit.patient')}</th>
          <th>{t('audit.by')}</th>
          <th>{t('audit.address')}</th>
          <th>{t('audit.outcome')}</th>
          <th>{t('audit.details')}</th>
        </tr>
      </thead>
      <tbody>
        {events.map((e) => {
          const key = actionKey(e.action);
          return (
            <tr key={e.id} data-testid="audit-row" data-action={e.action} data-outcome={e.outcome}>
              <td>{timeText(e.at, i18n.language)}</td>
              <td>{key ? t(key, { defaultValue: e.action }) : e.action}</td>
              <td>{patientText(e)}</td>
              <td data-testid="audit-actor">{actor(e)}</td>
              <td className="activity-log__ip">{e.ip ?? ''}</td>
              <td>
                <span className={`activity-log__outcome activity-log__outcome--${e.outcome}`}>{t(`audit.outcomes.${e.outcome}`)}</span>
              </td>
              <td className="activity-log__detail">
                <EventDetail event={e} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
