import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../../components/icons.tsx';
import { usePopupStore } from '../../../../stores/popup-store.ts';
import './modal.css';

interface ModalFrameProps {
  title: string;
  onClose: () => void;
  /** Only the topmost frame answers Escape. */
  active: boolean;
  wide?: boolean;
  testId: string;
  children: ReactNode;
}

/**
 * A dialog of the global modal: backdrop, title, close button; Escape closes it (docs/spec-points.md §2),
 * unless a confirm popup is open above it (Escape belongs to the popup then).
 */
export function ModalFrame({ title, onClose, active, wide, testId, children }: ModalFrameProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const onEscape = useEffectEvent(onClose);

  useEffect(() => {
    if (!active) return undefined;
    dialog.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || usePopupStore.getState().display) return;
      e.preventDefault();
      onEscape();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [active]);

  return (
    <div className="modal-backdrop">
      <div
        ref={dialog}
        className={`modal${wide ? ' modal--wide' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
      >
        <div className="modal__head">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="popup__close" aria-label={t('common.close')} onClick={onClose} data-testid={`${testId}-close`}>
            <CloseIcon width={18} height={18} />
          </button>
        </div>
        <div className="modal__body">{children}</div>
      </div>
    </div>
  );
}
