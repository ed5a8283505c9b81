import type { AuditEventView } from '@ceppro/contract';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { eventDetail } from '../lib/audit-detail.ts';

/** Lines shown before the rest folds away (a save that moved dozens of landmarks). */
const SHOWN_LINES = 3;

/** What changed (the landmarks moved: from, to, how far; the documents saved), a count of refusals, what a read returned. */
export function EventDetail({ event }: { event: Pick<AuditEventView, 'action' | 'detail'> }) {
  const { t, i18n } = useTranslation();
  const { lines, moved } = eventDetail(event, i18n.language, (d) => t(`audit.documents.${d}`));
  if (lines.length === 0) return null;
  const items = lines.map((line, i) => {
    const key = `audit.detail.${line.key}` as ParseKeys;
    return (
      <li key={i} data-testid="audit-detail-line">
        {t(key, line.values)}
      </li>
    );
  });
  if (lines.length <= SHOWN_LINES || moved === null) return <ul className="activity-log__lines">{items}</ul>;
  return (
    <details className="activity-log__more">
      <summary>{t('audit.detail.movedCount', { n: new Intl.NumberFormat(i18n.language).format(moved) })}</summary>
      <ul className="activity-log__lines">{items}</ul>
    </details>
  );
}
