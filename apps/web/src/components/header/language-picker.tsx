import { useTranslation } from 'react-i18next';
import { languages } from '../../i18n/languages.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { CheckIcon, ChevronDownIcon, GlobeIcon } from '../icons.tsx';
import { Menu } from '../menu/index.ts';

/** Each language is listed under its own name, taken from that language's dictionary. */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const [language, setLanguage] = useLanguage();

  return (
    <Menu
      label={t('language.label')}
      triggerClassName="header__control"
      testId="language-picker"
      trigger={
        <>
          <GlobeIcon />
          <span className="header__control-text">{t('language.self')}</span>
          <ChevronDownIcon />
        </>
      }
    >
      {(close) =>
        languages.map((code) => (
          <button
            key={code}
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
        ))
      }
    </Menu>
  );
}
