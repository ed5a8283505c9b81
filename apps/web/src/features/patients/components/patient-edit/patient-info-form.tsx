import type { Patient } from '@ceppro/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../../components/form/field.tsx';
import { schemaResolver } from '../../../../components/form/schema-resolver.ts';
import { TrashIcon } from '../../../../components/icons.tsx';
import { isApiError } from '../../../../lib/api/index.ts';
import { useModalStore } from '../../../../stores/modal-store.ts';
import { pushToast } from '../../../../stores/toast-store.ts';
import { patientKeys } from '../../api/query-keys.ts';
import { useUpdatePatient } from '../../api/use-update-patient.ts';
import { useConfirmDeletePatient } from '../../hooks/use-confirm-delete-patient.ts';
import { useFormError } from '../../hooks/use-form-error.ts';
import { useLeavePatient } from '../../hooks/use-leave-patient.ts';
import { BirthdayControl, GenderField, NameField } from '../shared/patient-fields.tsx';
import { genderFromBoolean, patientFieldsSchema, type PatientFieldsInput, type PatientFieldsValues } from '../../lib/patient-form.ts';

/** docs/spec-points.md §4 and §9: the follow-up after a patient edit save waits one second. */
export const PATIENT_SAVE_FOLLOW_UP_MS = 1000;

/**
 * The patient's fields: read-only patient ID, name, birthday, gender; Save and Delete patient.
 * After a save: a success toast, then (1 s later) the lists refetch and the modal closes.
 */
export function PatientInfoForm({ patient, variant }: { patient: Patient; variant: 'page' | 'modal' }) {
  const { t } = useTranslation();
  const formError = useFormError();
  const client = useQueryClient();
  const update = useUpdatePatient();
  const { confirmDelete: deletePatient, deleting } = useConfirmDeletePatient();
  const leave = useLeavePatient(variant);
  const followUp = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [settling, setSettling] = useState(false);
  useEffect(
    () => () => {
      if (followUp.current !== null) clearTimeout(followUp.current);
    },
    [],
  );

  const { register, control, handleSubmit, formState } = useForm<PatientFieldsInput, unknown, PatientFieldsValues>({
    resolver: schemaResolver(patientFieldsSchema),
    mode: 'onChange',
    defaultValues: { name: patient.first_name, birth: patient.birth_info, gender: genderFromBoolean(patient.gender) },
  });
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: patient.id, input: { first_name: values.name, birth_info: values.birth, gender: values.gender } });
    } catch (error) {
      if (!(isApiError(error) && error.handled)) pushToast({ kind: 'error', title: { key: 'patients.edit.saveFailed' }, text: '' });
      return;
    }
    pushToast({ kind: 'success', title: { key: 'patients.edit.saved' }, text: '' });
    setSettling(true);
    followUp.current = setTimeout(() => {
      followUp.current = null;
      setSettling(false);
      void client.invalidateQueries({ queryKey: patientKeys.all });
      // Only a modal still showing just this form closes: an upload started meanwhile keeps it open.
      const modal = useModalStore.getState();
      if (variant === 'modal' && modal.modalMode === 'view') modal.closeModal();
    }, PATIENT_SAVE_FOLLOW_UP_MS);
  });

  const confirmDelete = () => deletePatient(patient, leave);

  const saving = update.isPending || settling;
  return (
    <form className="patient-form" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="patient-form">
      <div className="patient-form__grid">
        <Field label={t('patients.fields.patientId')} htmlFor="pe-patient-id">
          <input id="pe-patient-id" className="input" value={patient.patient_id ?? ''} readOnly data-testid="pe-patient-id" />
        </Field>
        <NameField prefix="pe" registration={register('name')} error={errors.name} />
        <BirthdayControl control={control} name="birth" prefix="pe" />
        <GenderField prefix="pe" registration={register('gender')} error={formError(errors.gender?.message)} />
      </div>
      <div className="form-actions">
        <button type="button" className="button button--danger" onClick={confirmDelete} disabled={deleting} data-testid="delete-patient">
          <TrashIcon />
          {t('patients.deletePatient.button')}
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={!formState.isValid || !formState.isDirty || saving}
          data-testid="save"
        >
          {update.isPending ? t('patients.actions.saving') : t('patients.actions.save')}
        </button>
      </div>
    </form>
  );
}
