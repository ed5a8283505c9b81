import { AUDIT_KINDS, AUDIT_OUTCOMES, type AuditEventView } from '@ceppro/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditPager, useAuditCursors } from './audit-pager.tsx';
import { saveFile } from '../../../lib/save-file.ts';
import { useToastStore } from '../../../stores/toast-store.ts';
import { emptyFilters, fetchAuditCsv, useAuditTrail, type AuditFilters } from '../api/use-audit-trail.ts';
import { actionKey, patientText, timeText } from '../lib/audit-words.ts';
import { EventDetail } from './event-detail.tsx';
import './activity-log.css';

/**
 * My info > Activity log: the clinic's audit trail (views, exports, prints, changes, sign-ins and
 * refused attempts by other accounts), filtered, paged newest first, and downloadable as CSV.
 */
export function ActivityLog() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<AuditFilters>(emptyFilters);
  const [filters, setFilters] = useState<AuditFilters>(emptyFilters);
  const pages = useAuditCursors();
  const page = useAuditTrail(filters, pages.cursor);
  const push = useToastStore((s) => s.push);
  const [downloading, setDownloading] = useState(false);

  const apply = (next: AuditFilters) => {
    setFilters(next);
    pages.reset();
  };
  const set = (field: keyof AuditFilters) => (e: { target: { value: string } }) => setDraft({ ...draft, [field]: e.target.value });

  const download = async () => {
    setDownloading(true);
    try {
      saveFile(await fetchAuditCsv(filters), 'ceppro-activity-log.csv');
    } catch {
      push({ kind: 'error', title: { key: 'audit.downloadFailed' }, text: '' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section className="activity-log" data-testid="activity-log" aria-labelledby="activity-log-title">
      <h2 id="activity-log-title" className="activity-log__title">
        {t('audit.title')}
      </h2>
      <p className="field__hint">{t('audit.intro')}</p>
      <form
        className="activity-log__filters"
        onSubmit={(e) => {
          e.preventDefault();
          apply(draft);
        }}
      >
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
          <input inputMode="numeric" value={draft.patientId} onChange={set('patientId')} size={8} />
        </label>
        <button type="submit" className="button button--primary">
          {t('audit.apply')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setDraft(emptyFilters);
            apply(emptyFilters);
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
          <EventTable events={page.data.items} />
          <AuditPager pages={pages} next={page.data.next_cursor} />
        </>
      )}
    </section>
  );
}

function EventTable({ events }: { events: AuditEventView[] }) {
  const { t, i18n } = useTranslation();
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
              <td>
                {e.by_me ? t('audit.me') : e.actor_user_id === null ? t('audit.unknown') : t('audit.otherAccount', { id: e.actor_user_id })}
              </td>
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
