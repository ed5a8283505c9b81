import type { MeasurementResult } from '@ceppro/ceph';
import { useTranslation } from 'react-i18next';
import { formatValue } from '../../lib/format.ts';
import { useClinicalNames } from '../../hooks/use-clinical-names.ts';
import type { VtoMeasurementRow } from '../lib/vto-measurements.ts';

function value(result: MeasurementResult): string {
  return result.status === 'ok' ? formatValue(result.value, result.unit) : '—';
}

function change(row: VtoMeasurementRow): string {
  if (row.change === null || row.predicted.status !== 'ok') return '—';
  const text = formatValue(row.change, row.predicted.unit);
  return row.change > 0 && !/^0\.0/.test(text) ? `+${text}` : text;
}

/** Today's value, the predicted value and the change of each VTO measurement (screen and print). */
export function VtoMeasurementsTable({ rows }: { rows: readonly VtoMeasurementRow[] }) {
  const { t } = useTranslation();
  const names = useClinicalNames();
  return (
    <table className="vto-measures" data-testid="vto-measurements">
      <thead>
        <tr>
          <th scope="col">{t('vto.measures.name')}</th>
          <th scope="col">{t('vto.measures.today')}</th>
          <th scope="col">{t('vto.measures.predicted')}</th>
          <th scope="col">{t('vto.measures.change')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.definition.id} data-testid={`vto-measure-${row.definition.id}`}>
            <th scope="row" title={names.note(row.definition.id, row.definition.note) ?? undefined}>
              {names.measurement(row.definition.id)}
            </th>
            <td>{value(row.today)}</td>
            <td>{value(row.predicted)}</td>
            <td>{change(row)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
