import { analysisName, type SettingsUserConfig } from '@ceppro/contract';
import type { UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language.ts';
import type { SettingsFormValues } from '../lib/settings-form.ts';
import { NO_STANDARD, standardChoices, storedManage } from '../lib/standard-analysis.ts';

/**
 * Settings > standard analysis method (spec point 2): the analysis the viewer's Analysis tab opens
 * with, among the built-in analyses and the user's own groups. Stored as the default analysis group,
 * the setting the viewer's group editor also changes. Groups this version cannot read are left alone.
 */
export function StandardAnalysisField({ config, register }: { config: SettingsUserConfig; register: UseFormRegister<SettingsFormValues> }) {
  const { t } = useTranslation();
  const [lang] = useLanguage();
  const manage = storedManage(config.user_analysis_manage);
  const choices = manage === null ? [] : standardChoices(manage);
  const label = (choice: (typeof choices)[number]) => {
    if (choice.kind === 'default') return t('settings.standard.own', { count: choice.analysis.measurementIds.length });
    if (choice.kind === 'custom') return t('settings.standard.group', { name: choice.analysis.name });
    return analysisName(choice.analysis.id, lang, choice.analysis.name);
  };
  return (
    <fieldset className="settings-form__group" data-testid="settings-standard">
      <legend className="settings-form__legend">{t('settings.standard.title')}</legend>
      <select
        className="input settings-form__select"
        aria-label={t('settings.standard.title')}
        disabled={manage === null}
        {...register('standardAnalysis')}
        data-testid="settings-standard-analysis"
      >
        <option value={NO_STANDARD}>{t('settings.standard.none')}</option>
        {choices.map((choice) => (
          <option key={choice.key} value={choice.key}>
            {label(choice)}
          </option>
        ))}
      </select>
      <p className="field__hint">{manage === null ? t('settings.standard.unreadable') : t('settings.standard.hint')}</p>
    </fieldset>
  );
}
