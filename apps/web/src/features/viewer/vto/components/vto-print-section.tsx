import { VTO_MOVEMENT_POINTS } from '@ceppro/ceph';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrintFilm } from '../../report/hooks/use-print-film.ts';
import { useClinicalNames } from '../../hooks/use-clinical-names.ts';
import { useViewerStore } from '../../store/viewer-store.ts';
import { useVtoMeasurements } from '../hooks/use-vto-measurements.ts';
import { useVtoPrediction } from '../hooks/use-vto-prediction.ts';
import { predictedPaths } from '../lib/predicted-profile.ts';
import { useVtoStore } from '../store/vto-store.ts';
import { VtoMeasurementsTable } from './vto-measurements.tsx';
import './vto-print.css';

/**
 * The report's VTO/STO page (printed only when the plan moves something): the predicted tracing over
 * the printed film, the movement table and the predicted measurements.
 */
export function VtoPrintSection({ film }: { film: PrintFilm }) {
  const { t } = useTranslation();
  const names = useClinicalNames();
  const movements = useVtoStore((s) => s.plan.movements);
  const imageSize = useViewerStore((s) => s.imageSize);
  const prediction = useVtoPrediction();
  const rows = useVtoMeasurements(prediction);
  const paths = useMemo(() => (prediction.status === 'ok' ? predictedPaths(prediction.result) : []), [prediction]);
  const planned = VTO_MOVEMENT_POINTS.some((p) => movements[p.key].horizontal !== 0 || movements[p.key].vertical !== 0);
  if (!planned || prediction.status !== 'ok' || imageSize === null) return null;
  return (
    <section className="vto-print" data-testid="vto-print">
      <h2>{t('vto.print.title')}</h2>
      <figure className="vto-print__film">
        <div className="vto-print__frame">
          {film.status === 'ready' && <img src={film.url} alt="" />}
          <svg viewBox={`0 0 ${imageSize.width} ${imageSize.height}`} preserveAspectRatio="none" aria-hidden="true">
            {paths.map((p) => (
              <path key={p.id} d={p.d} className="vto-print__line" vectorEffect="non-scaling-stroke" />
            ))}
          </svg>
        </div>
        <figcaption>{t('vto.print.legend')}</figcaption>
      </figure>
      <table className="vto-print__table" data-testid="vto-print-movements">
        <thead>
          <tr>
            <th>{t('vto.table.point')}</th>
            <th>{t('vto.table.horizontal')}</th>
            <th>{t('vto.table.vertical')}</th>
          </tr>
        </thead>
        <tbody>
          {VTO_MOVEMENT_POINTS.map((p) => (
            <tr key={p.key}>
              <th>{names.vtoPoint(p.key)}</th>
              <td>{movements[p.key].horizontal.toFixed(1)}</td>
              <td>{movements[p.key].vertical.toFixed(1)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <VtoMeasurementsTable rows={rows} />
    </section>
  );
}
