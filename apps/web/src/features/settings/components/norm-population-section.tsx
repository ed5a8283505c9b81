import { POPULATIONS, type Population } from '@ceppro/ceph';
import { normChoiceWords, populationName, readDefaultPopulation } from '@ceppro/contract';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useSaveSettings, useSettings } from '../api/use-settings.ts';
import { storedManage } from '../lib/standard-analysis.ts';

/**
 * Settings > default norm population: the population whose norms a chart is compared with unless the
 * chart chooses its own (the viewer's Analysis tab). Kept as `normPopulation` in the stored analysis
 * groups (packages/ceph `UserAnalysisManage`), saved at once. Groups this version cannot read are left alone.
 */
export function NormPopulationSection() {
  const [lang] = useLanguage();
  const words = normChoiceWords(lang);
  const settings = useSettings();
  const save = useSaveSettings();
  if (settings.data === undefined) return null;
  const manage = storedManage(settings.data.user_analysis_manage);
  const current = readDefaultPopulation(settings.data.user_analysis_manage);
  const choose = (population: Population) => {
    if (manage !== null) save.mutate({ user_analysis_manage: { ...manage, normPopulation: population } });
  };
  return (
    <fieldset className="settings-form__group" data-testid="settings-norm-population">
      <legend className="settings-form__legend">{words.defaultLabel}</legend>
      <select
        className="input settings-form__select"
        aria-label={words.defaultLabel}
        data-testid="settings-norm-population-select"
        value={current}
        disabled={manage === null || save.isPending}
        onChange={(e) => choose(e.target.value as Population)}
      >
        {POPULATIONS.map((p) => (
          <option key={p} value={p}>
            {populationName(p, lang)}
          </option>
        ))}
      </select>
    </fieldset>
  );
}
