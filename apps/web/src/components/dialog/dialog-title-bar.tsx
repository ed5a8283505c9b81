import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../icons.tsx';

interface DialogTitleBarProps {
  /** The id the dialog's `labelledBy` points at. */
  id: string;
  title: string;
  /** Without it there is no close button. */
  onClose?: (() => void) | undefined;
  closeTestId?: string;
  /** `popup` for the small confirm boxes, `modal` for the patient screens. */
  variant?: 'popup' | 'modal';
}

/** The title row of a dialog: its heading and the × button that closes it. */
export function DialogTitleBar({ id, title, onClose, closeTestId, variant = 'popup' }: DialogTitleBarProps) {
  const { t } = useTranslation();
  return (
    <div className={`${variant}__head`}>
      <h2 id={id} className={`${variant}__title`}>
        {title}
      </h2>
      {onClose && (
        <button type="button" className="popup__close" aria-label={t('common.close')} onClick={onClose} data-testid={closeTestId}>
          <CloseIcon width={18} height={18} />
        </button>
      )}
    </div>
  );
}
