import type { SuperimpositionResultSummary } from '@ceppro/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSuperimpositionData } from '../api/use-superimposition-data.ts';
import { FILM_COLOURS, filmTracing } from '../lib/film-tracing.ts';
import { formatMovement, movementPairs } from '../lib/movement-rows.ts';
import './superimposition.css';

/**
 * The superimposition in the printed report (its own page): the tracings of the chosen films in
 * their colours on a dark ground (white would vanish on paper), the legend and the movement tables.
 * Printed from the result stored on this chart's record; nothing when there is none.
 */
export function SuperimpositionPrintSection({ recordId }: { recordId: number | null }) {
  const doc = useSuperimpositionData(recordId).data ?? null;
  const result = doc?.result ?? null;
  if (result === null || result.films.length < 2) return null;
  return <PrintedSuperimposition result={result} />;
}

function PrintedSuperimposition({ result }: { result: SuperimpositionResultSummary }) {
  const { t } = useTranslation();
  const tracings = useMemo(() => result.films.map((film) => ({ film, ...filmTracing(film) })), [result]);
  const box = useMemo(() => boundingBox(result), [result]);
  const pairs = useMemo(() => movementPairs(result.movements), [result.movements]);
  const dateOf = (chartId: string) => result.films.find((f) => f.chart_id === chartId)?.shoot_date ?? t('superimposition.noDate');
  const stroke = Math.max(box.width, box.height) / 400;

  return (
    <section className="superimposition-print" data-testid="superimposition-print">
      <h2>{t('superimposition.printTitle')}</h2>
      <p>
        {t('superimposition.printMethod', { method: t(`superimposition.methods.${result.method}`) })} · {t('superimposition.printComputed', { date: result.computed_at.slice(0, 10) })}
      </p>
      <div className="superimposition-print__figure">
        <svg viewBox={`${box.x} ${box.y} ${box.width} ${box.height}`} role="img" aria-label={t('superimposition.printTitle')}>
          <rect x={box.x} y={box.y} width={box.width} height={box.height} fill="#111" />
          {tracings.map(({ film, paths, dots }) => (
            <g key={film.chart_id} stroke={FILM_COLOURS[film.colour]} fill={FILM_COLOURS[film.colour]}>
              {paths.map((p) => (
                <path key={p.id} d={p.d} fill="none" strokeWidth={stroke} strokeLinecap="round" />
              ))}
              {dots.map(({ id, point }) => (
                <circle key={id} cx={point.x} cy={point.y} r={stroke * 1.6} stroke="none" />
              ))}
            </g>
          ))}
        </svg>
        <ul className="superimposition-print__legend" data-testid="superimposition-print-legend">
          {result.films.map((film) => (
            <li key={film.chart_id}>
              <span className="superimposition-print__swatch" style={{ background: FILM_COLOURS[film.colour] }} />
              {film.shoot_date ?? t('superimposition.noDate')}
            </li>
          ))}
        </ul>
      </div>
      <p>{t('superimposition.movementHint')}</p>
      {result.unit === 'px' && <p>{t('superimposition.uncalibrated')}</p>}
      {pairs.map((pair) => (
        <table key={pair.key} data-testid="superimposition-print-table">
          <caption>{t('superimposition.pair', { from: dateOf(pair.from), to: dateOf(pair.to) })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('superimposition.landmark')}</th>
              <th scope="col">{`${t('superimposition.dx')} (${result.unit})`}</th>
              <th scope="col">{`${t('superimposition.dy')} (${result.unit})`}</th>
              <th scope="col">{`${t('superimposition.distance')} (${result.unit})`}</th>
            </tr>
          </thead>
          <tbody>
            {pair.rows.map((row) => (
              <tr key={row.id}>
                <td>{row.id}</td>
                <td>{formatMovement(row.dx)}</td>
                <td>{formatMovement(row.dy)}</td>
                <td>{formatMovement(row.distance)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </section>
  );
}

/** The landmarks' extent (all films, current-film px) with a 5 % margin. */
function boundingBox(result: SuperimpositionResultSummary): { x: number; y: number; width: number; height: number } {
  const pts = result.films.flatMap((f) => f.landmarks);
  if (pts.length === 0) return { x: 0, y: 0, width: 1, height: 1 };
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => p.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const pad = Math.max(x1 - x0, y1 - y0) * 0.05 + 1;
  return { x: x0 - pad, y: y0 - pad, width: x1 - x0 + 2 * pad, height: y1 - y0 + 2 * pad };
}
