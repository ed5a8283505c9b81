import { PATIENT_NAME_MAX } from '@ceppro/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '../../../../components/icons.tsx';

/** Search by name (docs/spec-points.md §2): Enter or the icon searches; an empty search lists everyone. */
export function SearchBox({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  return (
    <form
      className="search-box"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(value.trim());
      }}
    >
      <input
        className="search-box__input"
        type="search"
        placeholder={t('patients.list.searchPlaceholder')}
        aria-label={t('patients.list.searchPlaceholder')}
        maxLength={PATIENT_NAME_MAX}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        data-testid="search-input"
      />
      <button
        type="submit"
        className="search-box__button"
        aria-label={t('patients.list.search')}
        title={t('patients.list.search')}
        data-testid="search-button"
      >
        <SearchIcon width={18} height={18} />
      </button>
    </form>
  );
}
