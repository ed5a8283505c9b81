import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useModalStore } from '../../../../stores/modal-store.ts';
import { PatientEdit } from '../patient-edit/patient-edit.tsx';
import { UploadImageForm } from '../upload-form/upload-image-form.tsx';
import { ModalFrame } from './modal-frame.tsx';
import '../patients.css';

/**
 * The global modal (docs/spec-points.md §2, "Global modal"), rendered once by the root layout and driven by
 * stores/modal-store.ts: the patient edit (view), the upload form (add, change), or both with the
 * upload form on top (view/change). Any route change closes it.
 */
export function PatientModal() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { displayModal, modalMode, viewPatientID, targetChart, closeModal, closeUpload } = useModalStore();

  useEffect(() => {
    useModalStore.getState().closeModal();
  }, [pathname]);

  if (!displayModal || viewPatientID === null) return null;
  const showEdit = modalMode === 'view' || modalMode === 'view/change';
  const uploadMode =
    modalMode === 'add' || modalMode === 'create' ? 'add' : modalMode === 'change' || modalMode === 'view/change' ? 'change' : null;

  return (
    <>
      {showEdit && (
        <ModalFrame title={t('patients.edit.title')} onClose={closeModal} wide testId="edit-modal">
          <PatientEdit patientId={viewPatientID} variant="modal" />
        </ModalFrame>
      )}
      {uploadMode !== null && (uploadMode === 'add' || targetChart !== null) && (
        <ModalFrame title={t('patients.upload.title')} onClose={closeUpload} testId="upload-modal">
          <UploadImageForm
            key={`${uploadMode}:${targetChart?.chartId ?? viewPatientID}`}
            mode={uploadMode}
            patientId={viewPatientID}
            chart={targetChart}
            onCancel={closeUpload}
            onDone={closeModal}
          />
        </ModalFrame>
      )}
    </>
  );
}
