import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from '../../src/components/dialog/index.ts';

/** An opener button and, while open, a dialog with three controls. */
function Harness({ dismissable = true, onDismissed }: { dismissable?: boolean; onDismissed?: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
    onDismissed?.();
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Outside</button>
      {open && (
        <Dialog labelledBy="title" describedBy="text" onDismiss={dismissable ? close : undefined} testId="dialog">
          <h2 id="title">Delete the patient?</h2>
          <p id="text">It cannot be undone.</p>
          <input aria-label="Reason" />
          <button type="button">Cancel</button>
          <button type="button" onClick={close}>
            Delete
          </button>
        </Dialog>
      )}
    </>
  );
}

function openFromButton() {
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

describe('Dialog', () => {
  afterEach(cleanup);

  it('is a modal native dialog named and described by its title and text', () => {
    render(<Harness />);
    openFromButton();
    const dialog = screen.getByRole('dialog', { name: 'Delete the patient?' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(dialog.getAttribute('aria-describedby')).toBe('text');
  });

  it('moves focus into the dialog when it opens', () => {
    render(<Harness />);
    openFromButton();
    expect(document.activeElement).toBe(screen.getByLabelText('Reason'));
  });

  it('starts on the control marked data-autofocus', () => {
    render(
      <Dialog labelledBy="t">
        <h2 id="t">Confirm</h2>
        <button type="button">Close</button>
        <button type="button" data-autofocus>
          OK
        </button>
      </Dialog>,
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'OK' }));
  });

  it('keeps Tab inside: past the last control it wraps to the first, and Shift+Tab back', () => {
    render(<Harness />);
    openFromButton();
    const dialog = screen.getByTestId('dialog');
    const first = screen.getByLabelText('Reason');
    const last = screen.getByRole('button', { name: 'Delete' });
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('closes on Escape and gives focus back to the opener', () => {
    const dismissed = vi.fn();
    render(<Harness onDismissed={dismissed} />);
    const opener = openFromButton();
    fireEvent.keyDown(screen.getByLabelText('Reason'), { key: 'Escape' });
    expect(dismissed).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('gives focus back to the opener when an action inside closes it', () => {
    render(<Harness />);
    const opener = openFromButton();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('refuses Escape when it cannot be dismissed', () => {
    render(<Harness dismissable={false} />);
    openFromButton();
    fireEvent.keyDown(screen.getByLabelText('Reason'), { key: 'Escape' });
    const dialog = screen.getByRole('dialog', { name: 'Delete the patient?' });
    expect(dialog.hasAttribute('open')).toBe(true);
  });

  it('sends Escape only to the dialog opened last', () => {
    const outer = vi.fn();
    const inner = vi.fn();
    render(
      <>
        <Dialog labelledBy="a" onDismiss={outer}>
          <h2 id="a">Outer</h2>
        </Dialog>
        <Dialog labelledBy="b" onDismiss={inner}>
          <h2 id="b">Inner</h2>
        </Dialog>
      </>,
    );
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(inner).toHaveBeenCalledOnce();
    expect(outer).not.toHaveBeenCalled();
  });
});
