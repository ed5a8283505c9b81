import { ANALYSES, analysisMeasurements } from '@ceppro/ceph';
import { useTranslation } from 'react-i18next';
import { useClinicalNames } from '../../hooks/use-clinical-names.ts';

/**
 * Checkboxes for every catalogue measurement, grouped under the standard analysis they belong to
 * (a measurement in two analyses appears in both and toggles together).
 */
export function MeasurementPicker({
  selected,
  onToggle,
}: {
  selected: readonly string[];
  onToggle: (id: string, included: boolean) => void;
}) {
  const { t } = useTranslation();
  const names = useClinicalNames();
  const chosen = new Set(selected);
  return (
    <div className="measurement-picker">
      {ANALYSES.map((analysis) => {
        const definitions = analysisMeasurements(analysis);
        const count = definitions.filter((d) => chosen.has(d.id)).length;
        return (
          <details key={analysis.id} className="measurement-picker__analysis">
            <summary>
              {names.analysis(analysis)}
              <span className="measurement-picker__count">{t('analysis.custom.count', { count })}</span>
            </summary>
            <ul>
              {definitions.map((d) => (
                <li key={d.id}>
                  <label>
                    <input
                      type="checkbox"
                      data-testid="custom-measurement"
                      data-id={d.id}
                      checked={chosen.has(d.id)}
                      onChange={(e) => onToggle(d.id, e.target.checked)}
                    />
                    {names.measurement(d.id)}
                  </label>
                </li>
              ))}
            </ul>
          </details>
        );
      })}
    </div>
  );
}
