import { useEffect, useRef, useState, type ReactNode, type KeyboardEvent as ReactKeyboardEvent, type SyntheticEvent } from 'react';
import { focusableIn } from './focusable.ts';
import './dialog.css';

export interface DialogProps {
  /** Id of the element that names the dialog (its title); or `label` when no element does. */
  labelledBy?: string | undefined;
  label?: string | undefined;
  /** Id of the element that describes it, if any. */
  describedBy?: string | undefined;
  /**
   * Called on Escape (the browser's cancel) and on the backdrop click when `closeOnBackdrop` is set.
   * Without it the dialog cannot be dismissed: Escape is refused and it stays open until unmounted.
   */
  onDismiss?: (() => void) | undefined;
  closeOnBackdrop?: boolean;
  /** Class of the visible box inside the dialog (the `<dialog>` itself only spans it). */
  className?: string;
  testId?: string;
  /** Extra ARIA state for the dialog element (an upload in progress sets aria-busy). */
  busy?: boolean;
  /** Cover the whole viewport with the box (its own background replaces the dimmed backdrop). */
  cover?: boolean;
  /** Focus the box itself rather than its first control (long forms: the reader starts at the top). */
  focusBox?: boolean;
  children: ReactNode;
}

/**
 * The one modal dialog of the app, on the native `<dialog>` opened with `showModal()`: the browser puts
 * it in the top layer with a `::backdrop`, makes the rest of the page inert and sends Escape to the
 * topmost dialog only. On top of that it moves focus inside when it opens (the first element marked
 * `data-autofocus`, else the first focusable one, else the dialog itself), keeps Tab inside,
 * and gives focus back to the element that had it when the dialog closes or unmounts.
 * It is shown while mounted: the owner closes it by not rendering it.
 */
export function Dialog(props: DialogProps) {
  const { labelledBy, label, describedBy, onDismiss, closeOnBackdrop, className, testId, busy, focusBox, cover, children } = props;
  const ref = useRef<HTMLDialogElement>(null);
  // Read while rendering: by the time effects run, an autoFocus field inside has already taken focus.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));

  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return undefined;
    if (!dialog.open) dialog.showModal();
    // showModal() itself focuses the first control; the one the dialog marks as its start wins over that.
    const preferred = dialog.querySelector<HTMLElement>('[data-autofocus]');
    if (preferred !== null) preferred.focus();
    else if (!dialog.contains(document.activeElement)) (focusableIn(dialog)[0] ?? dialog).focus();
    // It is open while mounted. A browser may still close it (repeated Escape after a refused cancel): reopen it.
    const onClose = () => {
      if (dialog.isConnected && !dialog.open) dialog.showModal();
    };
    dialog.addEventListener('close', onClose);
    return () => {
      dialog.removeEventListener('close', onClose);
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [opener]);

  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onDismiss?.();
  };

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || ref.current === null) return;
    const items = focusableIn(ref.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (first === undefined || last === undefined) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    const onItem = items.some((item) => item === active);
    if (event.shiftKey && (active === first || !onItem)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      className={cover ? 'dialog dialog--cover' : 'dialog'}
      aria-labelledby={labelledBy}
      aria-label={label}
      aria-describedby={describedBy}
      aria-busy={busy || undefined}
      onCancel={onCancel}
      onKeyDown={onKeyDown}
      onMouseDown={(event) => {
        // The box fills the dialog element, so a press on the element itself is a press on the backdrop.
        if (closeOnBackdrop && event.target === event.currentTarget) onDismiss?.();
      }}
      data-testid={testId}
    >
      <div className={className} {...(focusBox && { tabIndex: -1, 'data-autofocus': true })}>
        {children}
      </div>
    </dialog>
  );
}
