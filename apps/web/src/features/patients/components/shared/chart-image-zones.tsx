import type { DicomPatientFacts } from '@ceppro/contract';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PacsSearchButton } from '../../pacs/components/pacs-search-button.tsx';
import { DropZone, type DropZoneHandle } from './drop-zone.tsx';

/** One form field holding a chosen file (react-hook-form's `useController(...).field` fits). */
interface FileField {
  value: File | null;
  onChange: (file: File | null) => void;
}

interface ChartImageZonesProps {
  className: string;
  cephLabel: string;
  faceLabel: string;
  ceph: FileField;
  face: FileField;
  /** The cephalogram was cleared: whatever its DICOM header offered goes with it. */
  onCephCleared: () => void;
  onDicomFacts: (facts: DicomPatientFacts) => void;
}

/**
 * The two drop zones of a new chart, the cephalogram (required, may be DICOM) and the lateral facial photo,
 * shared by the new patient page and the "Upload new image" / change image form.
 */
export function ChartImageZones({ className, cephLabel, faceLabel, ceph, face, onCephCleared, onDicomFacts }: ChartImageZonesProps) {
  const { t } = useTranslation();
  const cephZone = useRef<DropZoneHandle>(null);
  return (
    <div className={className}>
      <div className="chart-image-zones__ceph">
        <DropZone
          label={cephLabel}
          hint={t('patients.drop.hint')}
          file={ceph.value}
          onChange={(file) => {
            if (file === null) onCephCleared();
            ceph.onChange(file);
          }}
          onDicomFacts={onDicomFacts}
          required
          testId="drop-ceph"
          handle={cephZone}
        />
        {/* A film from the clinic's PACS takes the dropped-file path (features/patients/pacs). */}
        <PacsSearchButton onFile={(file) => cephZone.current?.take(file)} />
      </div>
      <DropZone label={faceLabel} hint={t('patients.drop.hint')} file={face.value} onChange={face.onChange} testId="drop-face" />
    </div>
  );
}
