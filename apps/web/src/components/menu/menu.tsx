import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useDismiss } from '../../hooks/use-dismiss.ts';

export interface MenuProps {
  /** Names both the button and the menu for assistive technology. */
  label: string;
  /** What the button shows. */
  trigger: ReactNode;
  triggerClassName: string;
  /** `dropdown__menu` gets this modifier (`wide` for the user menu). */
  variant?: 'wide';
  testId?: string;
  /** The items (elements with a `menuitem`, `menuitemradio` or `menuitemcheckbox` role); `close` hides the menu. */
  children: (close: () => void) => ReactNode;
}

const ITEM = '[role="menuitem"], [role="menuitemradio"], [role="menuitemcheckbox"]';

/**
 * The one dropdown menu of the app (header language picker, user menu): a button with aria-haspopup and
 * aria-expanded; opening moves focus to the checked item or the first one, the arrow keys, Home and End
 * move between items, Escape closes it and gives focus back to the button, as do Tab and a press outside.
 */
export function Menu({ label, trigger, triggerClassName, variant, testId, children }: MenuProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(root, open, close);

  useEffect(() => {
    if (!open || list.current === null) return;
    const items = itemsOf(list.current);
    (items.find((item) => item.getAttribute('aria-checked') === 'true') ?? items[0])?.focus();
  }, [open]);

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = list.current === null ? [] : itemsOf(list.current);
    const at = items.findIndex((item) => item === document.activeElement);
    const to =
      event.key === 'ArrowDown'
        ? (at + 1) % items.length
        : event.key === 'ArrowUp'
          ? (at - 1 + items.length) % items.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? items.length - 1
              : null;
    if (to !== null) {
      event.preventDefault();
      items[to]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
      button.current?.focus();
    } else if (event.key === 'Tab') {
      close();
    }
  };

  return (
    <div className="dropdown" ref={root}>
      <button
        ref={button}
        type="button"
        className={triggerClassName}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={label}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
          }
        }}
        data-testid={testId}
      >
        {trigger}
      </button>
      {open && (
        <div
          ref={list}
          className={`dropdown__menu${variant ? ` dropdown__menu--${variant}` : ''}`}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKey}
        >
          {children(close)}
        </div>
      )}
    </div>
  );
}

function itemsOf(menu: HTMLElement): HTMLElement[] {
  return [...menu.querySelectorAll<HTMLElement>(ITEM)];
}
