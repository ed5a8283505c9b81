import { useNavigate } from 'react-router';
import { isListPath } from '../../../lib/back-history.ts';
import { paths } from '../../../routes/paths.ts';
import { useHistoryStore } from '../../../stores/history-store.ts';
import { useModalStore } from '../../../stores/modal-store.ts';

/** The list page visited last (so "back to the list" keeps the page), else page 0. */
export function useLastListPath(): string {
  const visited = useHistoryStore((s) => s.visited);
  return [...visited].reverse().find(isListPath) ?? paths.list.to(0);
}

/**
 * "Return to the list" after a patient or its last chart is deleted: the modal just closes (the
 * list is underneath); the page goes to the list page visited last.
 */
export function useLeavePatient(variant: 'page' | 'modal'): () => void {
  const navigate = useNavigate();
  const closeModal = useModalStore((s) => s.closeModal);
  const listPath = useLastListPath();
  return () => {
    if (variant === 'modal') closeModal();
    else void navigate(listPath);
  };
}
