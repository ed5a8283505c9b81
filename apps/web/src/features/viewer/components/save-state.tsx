import { useTranslation } from 'react-i18next';
import { useLandmarkStore } from '../store/landmark-store.ts';

/** "Saved" / "Saving…" / "Not saved": where the landmark edits stand against the server. */
export function SaveState() {
  const { t } = useTranslation();
  const status = useLandmarkStore((s) => s.saveStatus);
  const dirty = useLandmarkStore((s) => s.dirty);
  const state = status === 'saving' ? 'saving' : status === 'error' ? 'error' : dirty ? 'unsaved' : 'saved';
  const text = {
    saving: t('viewer.saveSaving'),
    error: t('viewer.saveUnsaved'),
    unsaved: t('viewer.saveUnsaved'),
    saved: t('viewer.saveSaved'),
  }[state];
  return (
    <span
      className={`save-state save-state--${state}`}
      data-testid="save-state"
      data-state={state}
      role="status"
      title={state === 'error' ? t('viewer.saveFailed') : t('viewer.saveHint')}
    >
      <span className="save-state__dot" aria-hidden="true" />
      {text}
    </span>
  );
}
