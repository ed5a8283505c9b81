import type { DicomPatientFacts } from '@ceppro/contract';
import { useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { schemaResolver } from '../../../../components/form/schema-resolver.ts';
import type { TargetChart } from '../../../../stores/modal-store.ts';
import { useRunUpload } from '../../hooks/use-run-upload.ts';
import { uploadImageSchema, type UploadImageInput, type UploadImageValues } from '../../lib/patient-form.ts';
import { ChartImageZones } from '../shared/chart-image-zones.tsx';
import { UploadBlocker } from '../shared/upload-blocker.tsx';
import { DicomPrefillOffer } from '../new-patient/dicom-prefill-offer.tsx';
import { ShootDateControl } from '../shared/patient-fields.tsx';

interface UploadImageFormProps {
  /** add: a new chart for the patient; change: new images for `chart`. */
  mode: 'add' | 'change';
  patientId: number;
  chart: TargetChart | null;
  onCancel: () => void;
  onDone: () => void;
}

/**
 * "Upload new image" (docs/spec-points.md §2, Global modal): cephalometric image (required) and left face
 * image drop zones, the shoot date (max length 30; also in add mode, so a film added to an existing
 * patient carries its date, where the spec's original left it disabled), Save once a
 * cephalometric image is chosen. Runs the upload pipeline, then closes the modal.
 */
export function UploadImageForm({ mode, patientId, chart, onCancel, onDone }: UploadImageFormProps) {
  const { t } = useTranslation();
  const upload = useRunUpload();
  const { control, handleSubmit, formState, watch, setValue } = useForm<UploadImageInput, unknown, UploadImageValues>({
    resolver: schemaResolver(uploadImageSchema),
    mode: 'onChange',
    defaultValues: { shootDate: mode === 'change' ? (chart?.shootDate ?? '') : '', ceph: null, face: null },
  });
  const cephField = useController({ control, name: 'ceph' }).field;
  const faceField = useController({ control, name: 'face' }).field;
  // A DICOM cephalogram's study date, offered for the shoot date (the patient is already known here).
  const [studyDate, setStudyDate] = useState<string | null>(null);
  const offer: DicomPatientFacts | null = studyDate === null ? null : { name: null, birthDate: null, gender: null, studyDate };

  const onSubmit = handleSubmit(async (values) => {
    const target = mode === 'add' ? ({ mode: 'add', patientId } as const) : ({ mode: 'change', chartId: chart?.chartId ?? '' } as const);
    const result = await upload.start(target, { ceph: values.ceph, face: values.face, shootDate: values.shootDate || null });
    if (result !== null) onDone();
  });

  return (
    <form className="upload-form" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="upload-form" data-mode={mode}>
      <ChartImageZones
        className="upload-form__zones"
        cephLabel={t('patients.upload.ceph')}
        faceLabel={t('patients.upload.face')}
        ceph={cephField}
        face={faceField}
        onCephCleared={() => setStudyDate(null)}
        onDicomFacts={(facts) => setStudyDate(facts.studyDate)}
      />
      {offer !== null && (
        <DicomPrefillOffer
          facts={offer}
          current={{ name: '', birth: '', gender: '', shootDate: watch('shootDate') }}
          onUse={(values) => {
            if (values.shootDate !== undefined) setValue('shootDate', values.shootDate, { shouldValidate: true, shouldDirty: true });
            setStudyDate(null);
          }}
          onDismiss={() => setStudyDate(null)}
        />
      )}
      <ShootDateControl control={control} name="shootDate" id="upload-shoot-date" label={t('patients.upload.shootDate')} />
      <div className="form-actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={!formState.isValid || upload.running} data-testid="save">
          {t('patients.actions.save')}
        </button>
      </div>
      <UploadBlocker running={upload.running} progress={upload.progress} />
    </form>
  );
}
