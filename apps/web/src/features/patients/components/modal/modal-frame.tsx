import { useId, type ReactNode } from 'react';
import { Dialog, DialogTitleBar } from '../../../../components/dialog/index.ts';
import './modal.css';

interface ModalFrameProps {
  title: string;
  onClose: () => void;
  wide?: boolean;
  testId: string;
  children: ReactNode;
}

/**
 * A dialog of the global modal: title, close button, body; Escape closes it (docs/spec-points.md §2).
 * Stacked frames (the upload form over the patient edit) and a confirm popup above them are native modal
 * dialogs, so Escape reaches only the topmost one.
 */
export function ModalFrame({ title, onClose, wide, testId, children }: ModalFrameProps) {
  const titleId = useId();
  return (
    <Dialog className={`modal${wide ? ' modal--wide' : ''}`} labelledBy={titleId} onDismiss={onClose} focusBox testId={testId}>
      <DialogTitleBar id={titleId} title={title} onClose={onClose} closeTestId={`${testId}-close`} variant="modal" />
      <div className="modal__body">{children}</div>
    </Dialog>
  );
}
