import { VTO_MOVEMENT_POINTS, type VtoPointKey } from '@ceppro/ceph';
import { VTO_MAX_MOVEMENT_MM } from '@ceppro/contract';
import { useTranslation } from 'react-i18next';
import { useClinicalNames } from '../../hooks/use-clinical-names.ts';
import { useVtoStore } from '../store/vto-store.ts';

const STEP_MM = 0.5;

/**
 * The spec's nine-row movement table: horizontal (+ anterior) and vertical (+ superior) movement of
 * each point in mm, typed or stepped (the number inputs' own steppers and the arrow keys, 0.5 mm).
 */
export function MovementTable() {
  const { t } = useTranslation();
  const names = useClinicalNames();
  const movements = useVtoStore((s) => s.plan.movements);
  const setMovement = useVtoStore((s) => s.setMovement);
  const input = (key: VtoPointKey, axis: 'horizontal' | 'vertical', label: string) => (
    <input
      type="number"
      className="vto-table__input"
      min={-VTO_MAX_MOVEMENT_MM}
      max={VTO_MAX_MOVEMENT_MM}
      step={STEP_MM}
      value={movements[key][axis]}
      aria-label={label}
      data-testid={`vto-move-${key}-${axis}`}
      onChange={(e) => {
        // An emptied field is zero; a half-typed number ("-") waits for the next key.
        if (e.target.value === '' || Number.isFinite(e.target.valueAsNumber))
          setMovement(key, axis, e.target.value === '' ? 0 : e.target.valueAsNumber);
      }}
    />
  );
  return (
    <table className="vto-table" data-testid="vto-movement-table">
      <caption className="vto-table__caption">{t('vto.table.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('vto.table.point')}</th>
          <th scope="col" title={t('vto.table.horizontalHint')}>
            {t('vto.table.horizontal')}
          </th>
          <th scope="col" title={t('vto.table.verticalHint')}>
            {t('vto.table.vertical')}
          </th>
        </tr>
      </thead>
      <tbody>
        {VTO_MOVEMENT_POINTS.map((p) => (
          <tr key={p.key}>
            <th scope="row">{names.vtoPoint(p.key)}</th>
            <td>
              {input(p.key, 'horizontal', t('vto.table.inputLabel', { point: names.vtoPoint(p.key), axis: t('vto.table.horizontal') }))}
            </td>
            <td>{input(p.key, 'vertical', t('vto.table.inputLabel', { point: names.vtoPoint(p.key), axis: t('vto.table.vertical') }))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
