import { getLandmark, type LandmarkId } from '@ceppro/ceph';
import { useTranslation } from 'react-i18next';
import type { VtoPrediction } from '../hooks/use-vto-prediction.ts';
import { VtoSection } from './vto-section.tsx';

/** The points a surgeon checks first: maxilla, mandible, chin and the soft profile over them. */
const POINTS: readonly LandmarkId[] = ['ANS', 'A', 'U1', 'U6', 'L1', 'B', 'Pog', 'Me', 'Prn', 'Ls', 'Li', 'stPog'];

const signed = (v: number) => {
  const text = Math.abs(v).toFixed(1);
  return text === '0.0' ? '0.0' : `${v > 0 ? '+' : '−'}${text}`;
};

/** Each key point's predicted move (patient frame, mm: + forward, + up) under the current plan. */
export function StoMoves({ prediction }: { prediction: VtoPrediction }) {
  const { t } = useTranslation();
  if (prediction.status !== 'ok') return null;
  const moved = prediction.result.displacementsMm;
  const rows = POINTS.flatMap((id) => {
    const d = moved[id];
    return d === undefined ? [] : [{ id, d }];
  });
  return (
    <VtoSection
      id="sto-moves-title"
      title={
        <>
          {t('sto.moves.title')} <span className="vto-note">({t('sto.moves.note')})</span>
        </>
      }
    >
      <table className="vto-measures" data-testid="sto-moves">
        <thead>
          <tr>
            <th scope="col">{t('sto.moves.point')}</th>
            <th scope="col">{t('sto.moves.horizontal')}</th>
            <th scope="col">{t('sto.moves.vertical')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ id, d }) => (
            <tr key={id} data-testid={`sto-move-${id}`} data-h={d.x.toFixed(2)} data-v={d.y.toFixed(2)}>
              <th scope="row">{getLandmark(id).shortName}</th>
              <td>{signed(d.x)}</td>
              <td>{signed(d.y)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </VtoSection>
  );
}
