import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * The app's content, taken out of the document while the screen is locked: the patient's name, the
 * film, the landmarks and anything else on screen are then not in the page at all (a blur left them
 * there, readable by anyone with the developer tools or a screen reader). The React tree stays
 * mounted on the detached element, so unlocking puts back exactly what was there: the route, the
 * viewer's zoom and tab, an open editor, what was typed, edits not saved yet.
 */
export function DetachWhileLocked({ locked, className, children }: { locked: boolean; className: string; children: ReactNode }) {
  const holderRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);

  // A layout effect: the content leaves before the browser paints the locked frame.
  useLayoutEffect(() => {
    const holder = holderRef.current;
    const content = contentRef.current;
    if (!locked || holder === null || content === null) return undefined;
    content.remove();
    return () => {
      holder.appendChild(content);
      reopenModals(content);
    };
  }, [locked]);

  return (
    <div ref={holderRef} style={{ display: 'contents' }}>
      <div ref={contentRef} className={className} data-testid="app-content">
        {children}
      </div>
    </div>
  );
}

/**
 * A modal `<dialog>` taken out of the document stops being modal (it leaves the top layer) though it
 * stays open: show it as a modal again, as it was before the lock.
 */
function reopenModals(root: HTMLElement): void {
  for (const dialog of root.querySelectorAll<HTMLDialogElement>('dialog[open]')) {
    if (isModal(dialog)) continue;
    dialog.close();
    dialog.showModal();
  }
}

function isModal(dialog: HTMLDialogElement): boolean {
  try {
    return dialog.matches(':modal');
  } catch {
    return true; // a browser (or test DOM) without :modal: leave the dialog as it is
  }
}
