import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_AUTO_HIDE_MS, toastWords, useToastStore, type Toast, type ToastKind } from '../stores/toast-store.ts';
import { CloseIcon, ErrorIcon, SuccessIcon, WarningIcon } from './icons.tsx';
import { useToastOffset, type ToastPlacement } from './toast-placement.ts';
import './toast-stack.css';

const kindIcon: Record<ToastKind, typeof SuccessIcon> = {
  success: SuccessIcon,
  warning: WarningIcon,
  error: ErrorIcon,
};

function ToastItem({ toast, autoHide }: { toast: Toast; autoHide: boolean }) {
  const { t } = useTranslation();
  const dismiss = useToastStore((s) => s.dismiss);
  const [hovered, setHovered] = useState(false);

  // The 3-second clock restarts whenever the pointer leaves the toast.
  useEffect(() => {
    if (!autoHide || hovered) return undefined;
    const timer = window.setTimeout(() => dismiss(toast.id), TOAST_AUTO_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [autoHide, hovered, dismiss, toast.id]);

  const Icon = kindIcon[toast.kind];
  // Translated at every render: a change of language re-renders the stack in the new one.
  const text = toastWords(toast.text, t);
  return (
    <li
      className={`toast toast--${toast.kind}`}
      role={toast.kind === 'error' ? 'alert' : 'status'}
      data-testid="toast"
      data-kind={toast.kind}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <Icon className="toast__icon" />
      <div className="toast__body">
        <span className="visually-hidden">{t(`toast.kind.${toast.kind}`)}</span>
        <p className="toast__title">{toastWords(toast.title, t)}</p>
        {text && <p className="toast__text">{text}</p>}
      </div>
      <button
        type="button"
        className="close-button toast__close"
        aria-label={t('toast.dismiss')}
        title={t('toast.dismiss')}
        onClick={() => dismiss(toast.id)}
      >
        <CloseIcon />
      </button>
    </li>
  );
}

export type { ToastPlacement };

/**
 * The toast stack, top right unless `placement` says otherwise (bottom left on the viewer, clear of
 * its tabs and top bar), moved clear of the controls a screen marks (toast-placement.ts). `autoHide`
 * is off on the home page (docs/spec-points.md §2): toasts there stay until dismissed.
 */
export function ToastStack({ autoHide, placement = 'top-right' }: { autoHide: boolean; placement?: ToastPlacement }) {
  const { t } = useTranslation();
  const toasts = useToastStore((s) => s.toasts);
  const clearAll = useToastStore((s) => s.clearAll);
  const offset = useToastOffset(placement, toasts.length > 0);
  if (toasts.length === 0) return null;

  return (
    <section
      className={`toast-stack toast-stack--${placement}`}
      aria-label={t('toast.region')}
      data-testid="toast-stack"
      data-placement={placement}
      style={offset}
    >
      <button type="button" className="toast-stack__clear" onClick={clearAll}>
        {t('toast.clearAll')}
      </button>
      <ol className="toast-stack__list">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} autoHide={autoHide} />
        ))}
      </ol>
    </section>
  );
}
