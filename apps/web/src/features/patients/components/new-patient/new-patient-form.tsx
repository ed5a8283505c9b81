import type { DicomPatientFacts } from '@ceppro/contract';
import { useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { schemaResolver } from '../../../../components/form/schema-resolver.ts';
import { ArrowLeftIcon } from '../../../../components/icons.tsx';
import { paths } from '../../../../routes/paths.ts';
import { useFormError } from '../../hooks/use-form-error.ts';
import { useConfirmLeave } from '../../hooks/use-confirm-leave.ts';
import { useLastListPath } from '../../hooks/use-leave-patient.ts';
import { useRunUpload } from '../../hooks/use-run-upload.ts';
import { newPatientSchema, type NewPatientInput, type NewPatientValues } from '../../lib/patient-form.ts';
import { ChartImageZones } from '../shared/chart-image-zones.tsx';
import { BirthdayControl, GenderField, NameField, ShootDateControl } from '../shared/patient-fields.tsx';
import { UploadBlocker } from '../shared/upload-blocker.tsx';
import { hasFacts } from '../../lib/dicom-file.ts';
import { DicomPrefillOffer, type PrefillValues } from './dicom-prefill-offer.tsx';
import '../patients.css';
import './new-patient.css';

const EMPTY: NewPatientInput = { name: '', shootDate: '', birth: '', gender: '', ceph: null, face: null };

/**
 * New patient (docs/spec-points.md §2): cephalogram (required) and lateral facial photo drop zones, name,
 * date of image, birthday and gender. Save stays disabled until name, birth date, gender and a
 * cephalogram are given and nothing is wrong with them; it runs the upload pipeline and goes to
 * the first list page. Leaving with films chosen (Back, a link, the browser's back) asks first.
 */
export function NewPatientForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formError = useFormError();
  const listPath = useLastListPath();
  const upload = useRunUpload();
  const { register, control, handleSubmit, formState, watch, setValue } = useForm<NewPatientInput, unknown, NewPatientValues>({
    resolver: schemaResolver(newPatientSchema),
    mode: 'onChange',
    defaultValues: EMPTY,
  });
  const errors = formState.errors;
  const cephField = useController({ control, name: 'ceph' }).field;
  const faceField = useController({ control, name: 'face' }).field;
  const { allowLeave } = useConfirmLeave([cephField.value, faceField.value].filter((file) => file !== null).length);
  // A DICOM cephalogram's patient facts, offered until the user fills them in or ignores them.
  const [offer, setOffer] = useState<DicomPatientFacts | null>(null);
  const [name, birth, gender, shootDate] = watch(['name', 'birth', 'gender', 'shootDate']);
  const current: PrefillValues = { name, birth, gender, shootDate };
  const usePrefill = (values: Partial<PrefillValues>) => {
    for (const key of Object.keys(values) as Array<keyof PrefillValues>) {
      setValue(key, values[key] ?? '', { shouldValidate: true, shouldDirty: true, shouldTouch: true });
    }
    setOffer(null);
  };

  const onSubmit = handleSubmit(async (values) => {
    const result = await upload.start(
      { mode: 'create', patient: { first_name: values.name, birth_info: values.birth, gender: values.gender } },
      { ceph: values.ceph, face: values.face, shootDate: values.shootDate || null },
    );
    if (result === null) return;
    allowLeave();
    void navigate(paths.list.to(0));
  });

  return (
    <section className="card new-patient" aria-labelledby="new-patient-title">
      <h1 id="new-patient-title" className="card__title">
        {t('patients.create.title')}
      </h1>
      <p className="card__subtitle">{t('patients.create.subtitle')}</p>
      <form className="new-patient__form" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="new-patient-form">
        <ChartImageZones
          className="new-patient__zones"
          cephLabel={t('patients.create.ceph')}
          faceLabel={t('patients.create.face')}
          ceph={cephField}
          face={faceField}
          onCephCleared={() => setOffer(null)}
          onDicomFacts={(facts) => setOffer(hasFacts(facts) ? facts : null)}
        />
        <div className="new-patient__fields">
          {offer !== null && <DicomPrefillOffer facts={offer} current={current} onUse={usePrefill} onDismiss={() => setOffer(null)} />}
          <NameField prefix="np" registration={register('name')} error={errors.name} />
          <ShootDateControl control={control} name="shootDate" id="np-shoot-date" label={t('patients.fields.shootDate')} />
          <BirthdayControl control={control} name="birth" prefix="np" />
          <GenderField prefix="np" registration={register('gender')} error={formError(errors.gender?.message)} />
          <div className="form-actions">
            <Link to={listPath} className="button button--secondary" data-testid="back-to-list">
              <ArrowLeftIcon width={18} height={18} />
              {t('common.back')}
            </Link>
            <button type="submit" className="button button--primary" disabled={!formState.isValid || upload.running} data-testid="save">
              {t('patients.actions.save')}
            </button>
          </div>
        </div>
      </form>
      <UploadBlocker running={upload.running} progress={upload.progress} />
    </section>
  );
}
