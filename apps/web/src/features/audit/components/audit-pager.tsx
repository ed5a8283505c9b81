import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Keyset pages of an audit trail (the owner's activity log and the administrators' view): the cursors
 * of the pages before this one, to go back. `reset` returns to the newest page (a new filter).
 */
export function useAuditCursors() {
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  return {
    cursor: cursors[cursors.length - 1] ?? null,
    hasNewer: cursors.length > 1,
    newer: () => setCursors(cursors.slice(0, -1)),
    older: (next: string | null) => setCursors([...cursors, next]),
    reset: () => setCursors([null]),
  };
}

/** Newer / Older under an audit table. */
export function AuditPager({
  pages,
  next,
  olderTestId,
}: {
  pages: ReturnType<typeof useAuditCursors>;
  next: string | null | undefined;
  olderTestId?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="activity-log__pager">
      <button type="button" className="button button--secondary" disabled={!pages.hasNewer} onClick={pages.newer}>
        {t('audit.newer')}
      </button>
      <button
        type="button"
        className="button button--secondary"
        disabled={!next}
        onClick={() => pages.older(next ?? null)}
        data-testid={olderTestId}
      >
        {t('audit.older')}
      </button>
    </div>
  );
}
