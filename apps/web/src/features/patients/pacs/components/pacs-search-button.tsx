import { lazy, Suspense, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { usePacsServers } from '../api/use-pacs-servers.ts';
import './pacs.css';

// The dialog is loaded when first opened: the patient forms stay as light as before for clinics without a PACS.
const PacsSearchDialog = lazy(async () => ({ default: (await import('./pacs-search-dialog.tsx')).PacsSearchDialog }));

/**
 * "Search PACS" under the cephalogram drop zone (New patient, and the patient modal's image form).
 * Shown only when the operator configured a PACS (PACS_SERVERS); the imported file goes to `onFile`.
 */
export function PacsSearchButton({ onFile, disabled }: { onFile: (file: File) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const servers = usePacsServers();
  const [open, setOpen] = useState(false);
  if (!servers.data || servers.data.length === 0) return null;
  return (
    <>
      <button
        type="button"
        className="button button--secondary pacs-open"
        onClick={() => setOpen(true)}
        disabled={disabled}
        data-testid="pacs-open"
      >
        {t('pacs.open')}
      </button>
      {/* Outside the patient form in the page, so its own form is not nested in that one. */}
      {open &&
        createPortal(
          <Suspense fallback={null}>
            <PacsSearchDialog servers={servers.data} onClose={() => setOpen(false)} onFile={onFile} />
          </Suspense>,
          document.body,
        )}
    </>
  );
}
