import { POPULATIONS, type NormSetSelection, type Population } from '@ceppro/ceph';
import { fillLabel, normChoiceWords, normSetLabel, normSetProblem, populationName, readDefaultPopulation } from '@ceppro/contract';
import { useChartPopulation, useOpenRecordId, useSaveChartPopulation } from '../../api/chart-norm-choice.ts';
import { useClinicalNames } from '../../hooks/use-clinical-names.ts';

const AUTO = '';

/**
 * The chart's norm set: automatic (the user's default population, the patient's age band and sex) or a
 * population chosen for this chart, stored with the chart. Below it, the set in use or why there is none.
 */
export function NormSetPicker({ norms, storedManage }: { norms: NormSetSelection; storedManage: unknown }) {
  const { lang } = useClinicalNames();
  const words = normChoiceWords(lang);
  const recordId = useOpenRecordId();
  const chartPopulation = useChartPopulation(recordId).data ?? null;
  const save = useSaveChartPopulation(recordId);
  const fallback = readDefaultPopulation(storedManage);
  const problem = normSetProblem(norms, lang);
  return (
    <div className="analysis-norms" data-testid="norm-set">
      <label className="analysis-select">
        <span className="analysis-select__label">{words.label}</span>
        <select
          data-testid="norm-population"
          value={chartPopulation ?? AUTO}
          disabled={recordId === null || save.isPending}
          onChange={(e) => save.mutate(e.target.value === AUTO ? null : (e.target.value as Population))}
        >
          <option value={AUTO}>{fillLabel(words.automatic, { population: populationName(fallback, lang) })}</option>
          {POPULATIONS.map((p) => (
            <option key={p} value={p}>
              {populationName(p, lang)}
            </option>
          ))}
        </select>
      </label>
      <p className="analysis-panel__note" data-testid="norm-set-in-use" data-set={norms.set?.id ?? ''} role="status">
        {problem ?? fillLabel(words.inUse, { set: normSetLabel(norms, lang) })}
      </p>
      {norms.set?.baseline !== true && (
        <p className="analysis-panel__note" data-testid="norm-set-profilogram">
          {words.profilogram}
        </p>
      )}
    </div>
  );
}
