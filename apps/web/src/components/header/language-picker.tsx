import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languages } from '../../i18n/languages.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { useDismiss } from '../../hooks/use-dismiss.ts';
import { CheckIcon, ChevronDownIcon, GlobeIcon } from '../icons.tsx';

/** Each language is listed under its own name, taken from that language's dictionary. */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const [language, setLanguage] = useLanguage();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);

  return (
    <div className="dropdown" ref={ref}>
      <button
        type="button"
        className="header__control"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('language.label')}
        onClick={() => setOpen((o) => !o)}
        data-testid="language-picker"
      >
        <GlobeIcon />
        <span className="header__control-text">{t('language.self')}</span>
        <ChevronDownIcon />
      </button>
      {open && (
        <ul className="dropdown__menu" role="menu" aria-label={t('language.label')}>
          {languages.map((code) => (
            <li key={code} role="none">
              <button
                type="button"
                role="menuitemradio"
                aria-checked={code === language}
                lang={code}
                className="dropdown__item"
                onClick={() => {
                  setLanguage(code);
                  close();
                }}
              >
                <span>{i18n.getFixedT(code)('language.self')}</span>
                {code === language && <CheckIcon className="dropdown__check" />}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
