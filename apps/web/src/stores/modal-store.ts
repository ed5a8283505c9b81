import { create } from 'zustand';

/**
 * UI state: the global modal (docs/spec-points.md §2 and §3, "Global modal", shared state displayModal,
 * modalMode, viewPatientID). One modal for the patient screens, rendered once by the root layout:
 *
 * - `list`: nothing open (the list underneath).
 * - `view`: the patient edit (Update information of patient) for `viewPatientID`.
 * - `add` (the spec's create/add; `create` is accepted as a synonym): "Upload new image", a new
 *   chart for `viewPatientID`. A new patient is its own page, /create.
 * - `change`: the same form replacing the images of `targetChart`.
 * - `view/change`: the patient edit with the change form on top; closing the form returns to `view`.
 *
 * Route changes close it (the root layout calls `closeModal` when the path changes).
 */
export type ModalMode = 'list' | 'view' | 'create' | 'add' | 'change' | 'view/change';

export interface TargetChart {
  /** The chart's `chart_id` string (file endpoints, upload target). */
  chartId: string;
  uuid: string;
  /** The cephalogram's shoot date, yyyy-mm-dd, to prefill the form; null when none. */
  shootDate: string | null;
}

interface ModalState {
  displayModal: boolean;
  modalMode: ModalMode;
  viewPatientID: number | null;
  targetChart: TargetChart | null;
  /** Patient edit for a patient. */
  openView: (patientId: number) => void;
  /** "Upload new image": a new chart for the patient. */
  openAdd: (patientId: number) => void;
  /** Replace the images of a chart; on top of the patient edit when it is open. */
  openChange: (patientId: number, chart: TargetChart) => void;
  /** The upload form's close button: back to the patient edit after view/change, else closed. */
  closeUpload: () => void;
  closeModal: () => void;
}

const closed = { displayModal: false, modalMode: 'list' as ModalMode, viewPatientID: null, targetChart: null };

export const useModalStore = create<ModalState>()((set, get) => ({
  ...closed,
  openView: (patientId) => set({ displayModal: true, modalMode: 'view', viewPatientID: patientId, targetChart: null }),
  openAdd: (patientId) => set({ displayModal: true, modalMode: 'add', viewPatientID: patientId, targetChart: null }),
  openChange: (patientId, chart) => {
    const { displayModal, modalMode } = get();
    const onTop = displayModal && (modalMode === 'view' || modalMode === 'view/change');
    set({ displayModal: true, modalMode: onTop ? 'view/change' : 'change', viewPatientID: patientId, targetChart: chart });
  },
  closeUpload: () => {
    if (get().modalMode === 'view/change') set({ modalMode: 'view', targetChart: null });
    else set(closed);
  },
  closeModal: () => {
    if (get().displayModal || get().modalMode !== 'list') set(closed);
  },
}));
