import type { ProfilogramComparison } from '@ceppro/ceph';
import { useTranslation } from 'react-i18next';

const fmt = (n: number) => {
  const text = n.toFixed(1);
  return text === '-0.0' ? '0.0' : text;
};

/**
 * Per template point: patient − norm along the standard line (dx, + anterior) and across it (dy,
 * + superior) at true size, and the norm's ±1 SD; a point beyond it is highlighted. Computed from the
 * landmarks as they are now (never read from the stored document).
 */
export function DeviationTable({ result }: { result: ProfilogramComparison }) {
  const { t } = useTranslation();
  const unit = result.unit;
  return (
    <table className="profilogram-table" data-testid="profilogram-table">
      <thead>
        <tr>
          <th scope="col">{t('profilogram.landmark')}</th>
          <th scope="col">{t('profilogram.dx', { unit })}</th>
          <th scope="col">{t('profilogram.dy', { unit })}</th>
          <th scope="col">{t('profilogram.normRange', { unit })}</th>
        </tr>
      </thead>
      <tbody>
        {result.deviations.map((d) => (
          <tr
            key={d.id}
            className={d.outside ? 'profilogram-table__row profilogram-table__row--outside' : 'profilogram-table__row'}
            data-testid={`profilogram-row-${d.id}`}
            data-outside={d.outside}
            data-dx={d.dx}
            data-dy={d.dy}
          >
            <th scope="row">{d.id}</th>
            <td data-testid={`profilogram-dx-${d.id}`}>{fmt(d.dx)}</td>
            <td data-testid={`profilogram-dy-${d.id}`}>{fmt(d.dy)}</td>
            <td>
              ±{fmt(d.rangeX)} / ±{fmt(d.rangeY)}
              {d.outside && <span className="profilogram-table__flag"> {t('profilogram.outside')}</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
