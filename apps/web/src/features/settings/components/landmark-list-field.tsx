import { LANDMARKS, type LandmarkCategory } from '@ceppro/ceph';
import { landmarkName } from '@ceppro/contract';
import type { UseFormRegister, UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language.ts';
import { LANDMARK_IDS, type SettingsFormValues } from '../lib/settings-form.ts';

const CATEGORIES: ReadonlyArray<{
  category: LandmarkCategory;
  key: 'viewer.categoryHard' | 'viewer.categoryDental' | 'viewer.categorySoft';
}> = [
  { category: 'hard', key: 'viewer.categoryHard' },
  { category: 'dental', key: 'viewer.categoryDental' },
  { category: 'soft', key: 'viewer.categorySoft' },
];

interface Props {
  register: UseFormRegister<SettingsFormValues>;
  setValue: UseFormSetValue<SettingsFormValues>;
}

/**
 * Settings > landmarks (spec point 2): whether the viewer opens with its landmarks on, and which of
 * them it shows on the film (`landmark_list`). Named as the viewer names them: the registry's short
 * name and the clinical vocabulary's full name in the interface language, grouped as in its list.
 */
export function LandmarkListField({ register, setValue }: Props) {
  const { t } = useTranslation();
  const [lang] = useLanguage();
  const setAll = (ids: readonly string[]) => setValue('shownLandmarks', [...ids], { shouldDirty: true, shouldValidate: true });
  return (
    <fieldset className="settings-form__group" data-testid="settings-landmarks">
      <legend className="settings-form__legend">{t('settings.landmarks.title')}</legend>
      <label className="check">
        <input type="checkbox" {...register('landmark')} data-testid="settings-landmark" />
        {t('settings.landmarks.show')}
      </label>
      <p className="field__hint">{t('settings.landmarks.hint')}</p>
      <div className="settings-form__buttons">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setAll(LANDMARK_IDS)}
          data-testid="settings-landmarks-all"
        >
          {t('settings.landmarks.all')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setAll([])} data-testid="settings-landmarks-none">
          {t('settings.landmarks.none')}
        </button>
      </div>
      <div className="settings-landmarks">
        {CATEGORIES.map(({ category, key }) => (
          <div key={category} className="settings-landmarks__group" role="group" aria-label={t(key)}>
            <p className="settings-landmarks__heading">{t(key)}</p>
            {LANDMARKS.filter((l) => l.category === category).map((l) => (
              <label key={l.id} className="check settings-landmarks__item" title={landmarkName(l.id, lang)}>
                <input type="checkbox" value={l.id} {...register('shownLandmarks')} data-testid={`settings-landmark-${l.id}`} />
                <span className="settings-landmarks__short">{l.shortName}</span>
                <span className="settings-landmarks__name">{landmarkName(l.id, lang)}</span>
              </label>
            ))}
          </div>
        ))}
      </div>
    </fieldset>
  );
}
