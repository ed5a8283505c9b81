import type { AuditEventView } from '@ceppro/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMay } from '../../../hooks/use-work-space.ts';
import { AuditFilterForm, useAuditFilterState } from './audit-filter-form.tsx';
import { AuditPager } from './audit-pager.tsx';
import { emptyFilters, fetchAuditCsv, useAuditTrail, type AuditScope } from '../api/use-audit-trail.ts';
import { patientText } from '../lib/audit-words.ts';
import { ActionCell, AuditPageState, AuditTable, DetailCell, OutcomeCell, TimeCell } from './audit-table.tsx';
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
      <AuditPageState page={page}>
        {(data) => (
          <>
            <EventTable events={data.items} scope={scope} />
            <AuditPager pages={state.pages} next={data.next_cursor} />
          </>
        )}
      </AuditPageState>
    </>
  );
}

function EventTable({ events, scope }: { events: AuditEventView[]; scope: AuditScope }) {
  const { t } = useTranslation();
  // The clinic's trail names the member who acted; the caller's own says "you" or another account.
  const actor = (e: AuditEventView) =>
    e.by_me
      ? t('audit.me')
      : e.actor_user_id === null
        ? t('audit.unknown')
        : scope === 'clinic' && e.actor_name
          ? e.actor_name
          : t('audit.otherAccount', { id: e.actor_user_id });
  return (
    <AuditTable
      events={events}
      headings={[
        t('audit.time'),
        t('audit.action'),
        t('audit.patient'),
        t('audit.by'),
        t('audit.address'),
        t('audit.outcome'),
        t('audit.details'),
      ]}
      cells={(e) => (
        <>
          <TimeCell event={e} />
          <ActionCell event={e} />
          <td>{patientText(e)}</td>
          <td data-testid="audit-actor">{actor(e)}</td>
          <td className="activity-log__ip">{e.ip ?? ''}</td>
          <OutcomeCell event={e} />
          <DetailCell event={e} />
        </>
      )}
    />
  );
}
