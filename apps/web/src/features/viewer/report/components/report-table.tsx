import { getLandmark, type LandmarkId } from '@ceppro/ceph';
import { useTranslation } from 'react-i18next';
import type { AnalysisRow } from '../../analysis/lib/analysis-rows.ts';
import { formatNorm, formatValue, formatZ } from '../../analysis/lib/format.ts';
import { isVocabularyReading, readingWords, rowReading } from '../../analysis/lib/reading.ts';
import { useClinicalNames } from '../../hooks/use-clinical-names.ts';

const shortNames = (ids: readonly LandmarkId[]) => ids.map((id) => getLandmark(id).shortName).join(', ');

/** The analysis table as printed: the Analysis tab's values, norms and readings, without its controls. */
export function ReportTable({ name, rows }: { name: string; rows: readonly AnalysisRow[] }) {
  const { t } = useTranslation();
  const names = useClinicalNames();
  return (
    <table className="report-print__table" data-testid="report-table">
      <caption>{t('analysis.table', { name })}</caption>
      <colgroup>
        <col className="report-print__col-name" />
        <col className="report-print__col-value" />
        <col className="report-print__col-norm" />
        <col className="report-print__col-deviation" />
        <col />
      </colgroup>
      <thead>
        <tr>
          <th scope="col">{t('analysis.colMeasurement')}</th>
          <th scope="col">{t('analysis.colValue')}</th>
          <th scope="col">{t('analysis.colNorm')}</th>
          <th scope="col">{t('analysis.colDeviation')}</th>
          <th scope="col">{t('analysis.colInterpretation')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const { definition, result, interpretation } = row;
          const reading = rowReading(row);
          const words = readingWords(reading, definition.id, names);
          const norm = formatNorm(row.norm, definition.unit) ?? names.reading('noNorm');
          return (
            <tr key={definition.id} data-testid="report-row" data-id={definition.id} className={`report-print__row report-print__row--${row.level}`}>
              <th scope="row">{names.measurement(definition.id)}</th>
              {result.status === 'ok' ? (
                <>
                  <td>{formatValue(result.value, result.unit)}</td>
                  <td>{norm}</td>
                  <td>{interpretation.z === null ? '—' : formatZ(interpretation.z)}</td>
                  <td>
                    {reading && (isVocabularyReading(reading.key) ? names.reading(reading.key) : t(`analysis.${reading.key}`))}
                    {words && <span className="report-print__words"> ({words})</span>}
                  </td>
                </>
              ) : (
                <>
                  <td>—</td>
                  <td>{norm}</td>
                  <td>—</td>
                  <td>{result.status === 'incomplete' ? t('analysis.missing', { landmarks: shortNames(result.missing) }) : t('analysis.notComputable')}</td>
                </>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
