import type { GrowthPointForecast } from '@ceppro/ceph';
import { useTranslation } from 'react-i18next';

/** Per forecast point: the distance that moves it, the move and the source's SD at the target age (mm). */
export function GrowthPointTable({ points }: { points: readonly GrowthPointForecast[] }) {
  const { t } = useTranslation();
  return (
    <table className="growth-panel__table" data-testid="growth-points">
      <thead>
        <tr>
          <th>{t('growth.point')}</th>
          <th>{t('growth.dimension')}</th>
          <th>{t('growth.move')}</th>
          <th>{t('growth.sd')}</th>
        </tr>
      </thead>
      <tbody>
        {points.map((p) => (
          <tr key={p.id} data-testid={`growth-row-${p.id}`}>
            <td>{p.id}</td>
            <td>{p.dimension}</td>
            <td className="growth-panel__num">{p.moveMm.toFixed(1)}</td>
            <td className="growth-panel__num" data-testid={`growth-row-sd-${p.id}`}>
              ±{p.sdMm.toFixed(1)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
