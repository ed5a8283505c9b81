import { AUDIT_KINDS, AUDIT_OUTCOMES } from '@ceppro/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../lib/save-file.ts';
import { useToastStore } from '../../../stores/toast-store.ts';
import type { AuditFilters } from '../api/use-audit-trail.ts';
import { useAuditCursors } from './audit-pager.tsx';

/**
 * The state every audit screen holds (the activity log, the clinic's trail, the administrators'
 * view): the filters being edited, the ones applied, the keyset pages, and the CSV download of what
 * is applied. Applying a filter returns to the newest page.
 */
export function useAuditFilterState<F extends AuditFilters>(empty: F, csv: { fetch: (filters: F) => Promise<Blob>; filename: string }) {
  const [draft, setDraft] = useState<F>(empty);
  const [filters, setFilters] = useState<F>(empty);
  const pages = useAuditCursors();
  const push = useToastStore((s) => s.push);
  const [downloading, setDownloading] = useState(false);
  const apply = (next: F) => {
    setFilters(next);
    pages.reset();
  };
  const download = async () => {
    setDownloading(true);
    try {
      saveFile(await csv.fetch(filters), csv.filename);
    } catch {
      push({ kind: 'error', title: { key: 'audit.downloadFailed' }, text: '' });
    } finally {
      setDownloading(false);
    }
  };
  const reset = () => {
    setDraft(empty);
    apply(empty);
  };
  return { draft, setDraft, filters, pages, apply, reset, download, downloading };
}

export type AuditFilterState<F extends AuditFilters> = ReturnType<typeof useAuditFilterState<F>>;

/**
 * The audit screens' filter form: time, action kind, outcome and patient, Apply, Reset and the CSV
 * download. `leading` comes first (the administrators' account field); `testIds` name what a screen's
 * browser test drives.
 */
export function AuditFilterForm<F extends AuditFilters>({
  state,
  leading,
  testIds = {},
}: {
  state: AuditFilterState<F>;
  leading?: ReactNode;
  testIds?: { patient?: string; apply?: string };
}) {
  const { t } = useTranslation();
  const { draft, setDraft } = state;
  const set = (field: keyof AuditFilters) => (e: { target: { value: string } }) => setDraft({ ...draft, [field]: e.target.value });
  return (
    <form
      className="activity-log__filters"
      onSubmit={(e) => {
        e.preventDefault();
        state.apply(draft);
      }}
    >
      {leading}
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
        <input inputMode="numeric" value={draft.patientId} onChange={set('patientId')} size={8} data-testid={testIds.patient} />
      </label>
      <button type="submit" className="button button--primary" data-testid={testIds.apply}>
        {t('audit.apply')}
      </button>
      <button type="button" className="button button--secondary" onClick={state.reset}>
        {t('audit.reset')}
      </button>
      <button
        type="button"
        className="button button--primary"
        onClick={() => void state.download()}
        disabled={state.downloading}
        data-testid="audit-csv"
      >
        {t('audit.csv')}
      </button>
    </form>
  );
}
