import type { SuperimpositionResultSummary } from '@ceppro/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMovement, movementPairs, sortMovements, type MovementSort, type MovementSortKey } from '../lib/movement-rows.ts';

const COLUMNS: readonly MovementSortKey[] = ['id', 'dx', 'dy', 'distance'];

/**
 * Landmark movement between consecutive films (oldest -> newer) in the answer's unit, patient
 * frame: dx + anterior, dy + superior. One pair at a time; columns sort on click.
 */
export function MovementTable({ result, dateOf }: { result: SuperimpositionResultSummary; dateOf: (chartId: string) => string }) {
  const { t } = useTranslation();
  const pairs = useMemo(() => movementPairs(result.movements), [result.movements]);
  const [pairKey, setPairKey] = useState<string | null>(null);
  const [sort, setSort] = useState<MovementSort | null>(null);
  const pair = pairs.find((p) => p.key === pairKey) ?? pairs[0];
  const rows = useMemo(() => sortMovements(pair?.rows ?? [], sort), [pair, sort]);
  if (!pair) return null;
  const unit = result.unit;
  const label = (key: MovementSortKey) => (key === 'id' ? t('superimposition.landmark') : `${t(`superimposition.${key}`)} (${unit})`);
  const toggle = (key: MovementSortKey) =>
    setSort((s) => (s?.key === key ? { key, descending: !s.descending } : { key, descending: key === 'distance' }));

  return (
    <section className="superimposition-movements" data-testid="superimposition-movements">
      <h3 className="superimposition-panel__heading">{t('superimposition.movements')}</h3>
      <p className="superimposition-panel__note">{t('superimposition.movementHint')}</p>
      {unit === 'px' && (
        <p className="superimposition-panel__note superimposition-panel__note--warn" data-testid="superimposition-uncalibrated">
          {t('superimposition.uncalibrated')}
        </p>
      )}
      {pairs.length > 1 && (
        <div className="superimposition-pairs" role="tablist">
          {pairs.map((p) => (
            <button
              key={p.key}
              type="button"
              role="tab"
              aria-selected={p === pair}
              className="dark-button dark-button--muted superimposition-pairs__pair"
              onClick={() => setPairKey(p.key)}
            >
              {t('superimposition.pair', { from: dateOf(p.from), to: dateOf(p.to) })}
            </button>
          ))}
        </div>
      )}
      {pairs.length === 1 && (
        <p className="superimposition-panel__note">{t('superimposition.pair', { from: dateOf(pair.from), to: dateOf(pair.to) })}</p>
      )}
      <table className="superimposition-table" data-testid="movement-table" data-unit={unit}>
        <thead>
          <tr>
            {COLUMNS.map((key) => (
              <th key={key} scope="col" aria-sort={sort?.key === key ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
                <button type="button" onClick={() => toggle(key)} title={t('superimposition.sortBy', { column: label(key) })}>
                  {label(key)}
                  {sort?.key === key ? (sort.descending ? ' ▾' : ' ▴') : ''}
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid="movement-row" data-landmark={row.id} data-distance={row.distance}>
              <th scope="row">{row.id}</th>
              <td>{formatMovement(row.dx)}</td>
              <td>{formatMovement(row.dy)}</td>
              <td>{formatMovement(row.distance)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
