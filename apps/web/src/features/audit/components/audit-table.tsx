import type { AuditEventView } from '@ceppro/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { actionKey, timeText } from '../lib/audit-words.ts';
import { EventDetail } from './event-detail.tsx';

/** What every trail's row carries, whichever view (own/clinic or administrator) lists it. */
type AuditRowEvent = Pick<AuditEventView, 'id' | 'at' | 'action' | 'outcome' | 'detail'>;

/** A trail's page while it loads, after it failed, or once there: `children` renders the page's data. */
export function AuditPageState<D>({ page, children }: { page: UseQueryResult<D>; children: (data: D) => ReactNode }) {
  const { t } = useTranslation();
  if (page.isPending) return <p className="field__hint">{t('common.loading')}</p>;
  if (page.isError) return <p role="alert">{t('audit.loadFailed')}</p>;
  return <>{children(page.data)}</>;
}

/**
 * The trail's table: the column headings, then one row per event (`audit-row`, with its action and
 * outcome as data attributes) whose cells `cells` renders; "no events" when there are none. A wide
 * table sits in a `scroller` box of that class.
 */
export function AuditTable<E extends AuditRowEvent>({
  events,
  headings,
  cells,
  className = 'activity-log__table',
  scroller,
}: {
  events: E[];
  headings: string[];
  cells: (event: E) => ReactNode;
  className?: string;
  scroller?: string;
}) {
  const { t } = useTranslation();
  if (events.length === 0) return <p className="activity-log__empty">{t('audit.empty')}</p>;
  const table = (
    <table className={className} data-testid="audit-table">
      <thead>
        <tr>
          {headings.map((heading, i) => (
            <th key={i}>{heading}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {events.map((e) => (
          <tr key={e.id} data-testid="audit-row" data-action={e.action} data-outcome={e.outcome}>
            {cells(e)}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return scroller ? <div className={scroller}>{table}</div> : table;
}

/** The event's time in the reader's language. */
export function TimeCell({ event, className }: { event: AuditRowEvent; className?: string }) {
  const { i18n } = useTranslation();
  return <td className={className}>{timeText(event.at, i18n.language)}</td>;
}

/** The action's words where the catalogue has them, else its code. */
export function ActionCell({ event }: { event: AuditRowEvent }) {
  const { t } = useTranslation();
  const key = actionKey(event.action);
  return <td>{key ? t(key, { defaultValue: event.action }) : event.action}</td>;
}

/** The outcome as a coloured word. */
export function OutcomeCell({ event }: { event: AuditRowEvent }) {
  const { t } = useTranslation();
  return (
    <td>
      <span className={`activity-log__outcome activity-log__outcome--${event.outcome}`}>{t(`audit.outcomes.${event.outcome}`)}</span>
    </td>
  );
}

/** The event's details. */
export function DetailCell({ event }: { event: AuditRowEvent }) {
  return (
    <td className="activity-log__detail">
      <EventDetail event={event} />
    </td>
  );
}
