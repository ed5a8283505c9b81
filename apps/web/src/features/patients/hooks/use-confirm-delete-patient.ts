import type { Patient } from '@ceppro/contract';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api/index.ts';
import { usePopupStore } from '../../../stores/popup-store.ts';
import { pushToast } from '../../../stores/toast-store.ts';
import { useDeletePatient } from '../api/use-delete-patient.ts';

/**
 * The one "Delete patient" confirm (the list's DELETE and the patient edit's Delete patient): the confirm
 * popup names the patient; confirming soft-deletes it, shows the success toast and calls `onDeleted`
 * (go to the previous page, leave the edit). A failure the HTTP client has not already shown gets a toast.
 */
export function useConfirmDeletePatient(): {
  confirmDelete: (patient: Pick<Patient, 'id' | 'first_name'>, onDeleted: () => void) => void;
  deleting: boolean;
} {
  const { t } = useTranslation();
  const remove = useDeletePatient();
  const confirmDelete = (patient: Pick<Patient, 'id' | 'first_name'>, onDeleted: () => void) => {
    usePopupStore.getState().open({
      title: t('patients.deletePatient.title'),
      text: t('patients.deletePatient.text', { name: patient.first_name }),
      textConfirm: t('patients.actions.delete'),
      textCancel: t('common.cancel'),
      fnConfirm: () => {
        remove.mutate(patient.id, {
          onSuccess: () => {
            pushToast({ kind: 'success', title: { key: 'patients.deletePatient.done' }, text: '' });
            onDeleted();
          },
          onError: (error) => {
            if (!(isApiError(error) && error.handled))
              pushToast({ kind: 'error', title: { key: 'patients.deletePatient.failed' }, text: '' });
          },
        });
      },
    });
  };
  return { confirmDelete, deleting: remove.isPending };
}
