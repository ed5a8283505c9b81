import type { PacsServerView, PacsStudySearchRequest } from '@ceppro/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogTitleBar } from '../../../../components/dialog/index.ts';
import { retrievePacsInstance } from '../api/retrieve-pacs-instance.ts';
import { usePacsStudies } from '../api/use-pacs-studies.ts';
import { PacsProblemText } from './pacs-problem-text.tsx';
import { PacsSearchFields } from './pacs-search-fields.tsx';
import { PacsStudyTable } from './pacs-study-table.tsx';
import './pacs.css';

interface PacsSearchDialogProps {
  servers: PacsServerView[];
  onClose: () => void;
  /** The retrieved DICOM file, for the cephalogram drop zone: the dialog closes after handing it over. */
  onFile: (file: File) => void;
}

/**
 * "Search PACS" (Step 18, docs/pacs.md): search the configured PACS by patient name or ID, date range
 * and modality; open a study to see its series with thumbnails; Import one image. The imported file
 * takes the dropped-file path (checks, DICOM prefill offer, upload on Save), so nothing is created
 * on the server until the user saves, and a PACS failure leaves no patient behind.
 */
export function PacsSearchDialog({ servers, onClose, onFile }: PacsSearchDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [query, setQuery] = useState<PacsStudySearchRequest | null>(null);
  const [importing, setImporting] = useState<string | null>(null);
  const [importError, setImportError] = useState<unknown>(null);
  const studies = usePacsStudies(query);

  const importInstance = async (request: { server: string; study_uid: string; series_uid: string; instance_uid: string }) => {
    setImporting(request.instance_uid);
    setImportError(null);
    try {
      const file = await retrievePacsInstance(request);
      onFile(file);
      onClose();
    } catch (error) {
      setImportError(error);
    } finally {
      setImporting(null);
    }
  };

  return (
    <Dialog
      className="modal modal--wide pacs-dialog"
      labelledBy={titleId}
      onDismiss={onClose}
      busy={importing !== null}
      testId="pacs-dialog"
    >
      <DialogTitleBar id={titleId} title={t('pacs.title')} onClose={onClose} closeTestId="pacs-close" variant="modal" />
      <div className="modal__body pacs-dialog__body">
        <PacsSearchFields
          servers={servers}
          searching={studies.isFetching}
          onSearch={(next) => {
            setImportError(null);
            setQuery(next);
          }}
        />
        {importError !== null && <PacsProblemText error={importError} testId="pacs-import-error" />}
        {query === null ? (
          <p className="pacs-dialog__note">{t('pacs.hint')}</p>
        ) : studies.isPending ? (
          <p className="pacs-dialog__note">{t('pacs.searching')}</p>
        ) : studies.isError ? (
          <PacsProblemText error={studies.error} testId="pacs-search-error" />
        ) : (
          <PacsStudyTable
            key={JSON.stringify(query)}
            server={query.server}
            result={studies.data}
            importing={importing}
            onImport={(studyUid, series, instance) =>
              void importInstance({
                server: query.server,
                study_uid: studyUid,
                series_uid: series.series_uid,
                instance_uid: instance.instance_uid,
              })
            }
          />
        )}
      </div>
    </Dialog>
  );
}
