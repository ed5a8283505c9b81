import { useTranslation } from 'react-i18next';
import { ImageIcon } from '../../../../components/icons.tsx';
import type { DicomPreview as Preview } from '../../hooks/use-dicom-preview.ts';

/**
 * A chosen DICOM film in its drop zone: the film drawn by the browser when it can (uncompressed grey,
 * JPEG Baseline), with the header's size and pixel spacing over it; otherwise a card with the file's
 * name, the same facts, and a word that the film is shown after the upload.
 */
export function DicomPreview({ name, preview, testId }: { name: string; preview: Preview; testId: string }) {
  const { t } = useTranslation();
  const { facts, url, reading } = preview;
  const spacing = facts?.spacing ?? null;
  return (
    <span className={url ? 'dicom-preview dicom-preview--picture' : 'dicom-preview'}>
      {url && (
        <img
          className="drop-zone__preview"
          src={url}
          alt={t('patients.drop.previewOf', { name })}
          data-testid={`${testId}-preview`}
          data-kind="dicom"
        />
      )}
      <span className="dicom-preview__info" data-testid={`${testId}-dicom-info`}>
        {!url && <ImageIcon width={30} height={30} />}
        {!url && <span className="dicom-preview__name">{name}</span>}
        <span className="drop-zone__types" data-testid={`${testId}-dicom`}>
          {t('dicom.drop.tag')}
        </span>
        {facts && <span>{t('dicom.drop.size', { columns: facts.columns, rows: facts.rows })}</span>}
        {facts && (
          <span>
            {spacing === null
              ? t('dicom.drop.noSpacing')
              : t(spacing.imager ? 'dicom.drop.imagerSpacing' : 'dicom.drop.spacing', { row: spacing.row, column: spacing.column })}
          </span>
        )}
        {reading && <span className="dicom-preview__note">{t('dicom.drop.reading')}</span>}
        {!url && !reading && <span className="dicom-preview__note">{t('dicom.drop.noPreview')}</span>}
      </span>
    </span>
  );
}
