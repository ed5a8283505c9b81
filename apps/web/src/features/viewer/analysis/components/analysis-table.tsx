import type { LandmarkId } from '@ceppro/ceph';
import { useTranslation } from 'react-i18next';
import type { AnalysisRow } from '../../lib/analysis-rows.ts';
import { AnalysisRowView } from './analysis-row.tsx';

/** The measurements of the chosen analysis, one row each, coloured by distance from the norm. */
export function AnalysisTable({
  name,
  rows,
  onPlace,
}: {
  name: string;
  rows: readonly AnalysisRow[];
  onPlace: (ids: readonly LandmarkId[]) => void;
}) {
  const { t } = useTranslation();
  if (rows.length === 0) return <p className="analysis-panel__note">{t('analysis.empty')}</p>;
  return (
    <table className="analysis-table" data-testid="analysis-table" aria-label={t('analysis.table', { name })}>
      <thead>
        <tr>
          <th scope="col">{t('analysis.colMeasurement')}</th>
          <th scope="col">{t('analysis.colValue')}</th>
          <th scope="col">
            {t('analysis.colNorm')}
            <span className="analysis-table__sub">{t('analysis.colNormHint')}</span>
          </th>
          <th scope="col">
            {t('analysis.colDeviation')}
            <span className="analysis-table__sub">{t('analysis.colDeviationHint')}</span>
          </th>
          <th scope="col">{t('analysis.colInterpretation')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <AnalysisRowView key={row.definition.id} row={row} onPlace={onPlace} />
        ))}
      </tbody>
    </table>
  );
}
