import { useTranslation } from 'react-i18next';
import { useClinicalNames } from '../../hooks/use-clinical-names.ts';
import type { AnalysisOption } from '../../lib/analysis-options.ts';

/** The analysis menu: the user's default group (when it is its own), standard analyses, the user's groups. */
export function AnalysisSelect({
  options,
  value,
  onChange,
}: {
  options: readonly AnalysisOption[];
  value: string;
  onChange: (key: string) => void;
}) {
  const { t } = useTranslation();
  const names = useClinicalNames();
  const label = (o: AnalysisOption) => {
    if (o.kind === 'default') return t('analysis.defaultOption');
    return o.isDefault ? t('analysis.defaultSuffix', { name: names.analysis(o.analysis) }) : names.analysis(o.analysis);
  };
  const own = options.filter((o) => o.kind === 'default');
  const standard = options.filter((o) => o.kind === 'standard');
  const custom = options.filter((o) => o.kind === 'custom');
  return (
    <label className="analysis-select">
      <span className="analysis-select__label">{t('analysis.select')}</span>
      <select data-testid="analysis-select" value={value} onChange={(e) => onChange(e.target.value)}>
        {own.map((o) => (
          <option key={o.key} value={o.key}>
            {label(o)}
          </option>
        ))}
        <optgroup label={t('analysis.standardGroup')}>
          {standard.map((o) => (
            <option key={o.key} value={o.key}>
              {label(o)}
            </option>
          ))}
        </optgroup>
        {custom.length > 0 && (
          <optgroup label={t('analysis.customGroup')}>
            {custom.map((o) => (
              <option key={o.key} value={o.key}>
                {label(o)}
              </option>
            ))}
          </optgroup>
        )}
      </select>
    </label>
  );
}
