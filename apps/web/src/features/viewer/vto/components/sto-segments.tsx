import { SURGICAL_SEGMENTS, getLandmark, type LandmarkId, type SurgicalSegmentId } from '@ceppro/ceph';
import { STO_MAX_ROTATION_DEG, VTO_MAX_MOVEMENT_MM } from '@ceppro/contract';
import { useTranslation } from 'react-i18next';
import { useVtoStore } from '../store/vto-store.ts';

type Field = 'horizontal' | 'vertical' | 'rotation';
const FIELDS: readonly Field[] = ['horizontal', 'vertical', 'rotation'];
const STEP: Record<Field, number> = { horizontal: 0.5, vertical: 0.5, rotation: 1 };

/**
 * The surgical set-up's segment table: Le Fort I maxilla, BSSO mandible and genioplasty chin, each
 * with horizontal and vertical mm (+ forward, + up), a rotation in degrees (+ turns the front up)
 * and the landmark it turns about.
 */
export function StoSegments() {
  const { t } = useTranslation();
  const surgery = useVtoStore((s) => s.plan.surgery);
  const setSegment = useVtoStore((s) => s.setSegment);
  const clear = useVtoStore((s) => s.clearSegments);
  const limit = (f: Field) => (f === 'rotation' ? STO_MAX_ROTATION_DEG : VTO_MAX_MOVEMENT_MM);
  const fieldName = (f: Field) => t(`sto.segments.${f}`);
  const input = (id: SurgicalSegmentId, f: Field) => (
    <input
      type="number"
      className="vto-table__input sto-table__input"
      min={-limit(f)}
      max={limit(f)}
      step={STEP[f]}
      value={surgery[id][f]}
      aria-label={t('sto.segments.inputLabel', { segment: t(`sto.segments.${id}`), field: fieldName(f) })}
      data-testid={`sto-${id}-${f}`}
      onChange={(e) => {
        // An emptied field is zero; a half-typed number ("-") waits for the next key.
        if (e.target.value === '' || Number.isFinite(e.target.valueAsNumber))
          setSegment(id, { [f]: e.target.value === '' ? 0 : e.target.valueAsNumber });
      }}
    />
  );
  return (
    <div className="sto-segments">
      <table className="vto-table" data-testid="sto-segment-table">
        <caption className="vto-table__caption">{t('sto.segments.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('sto.segments.segment')}</th>
            {FIELDS.map((f) => (
              <th key={f} scope="col">
                {fieldName(f)}
              </th>
            ))}
            <th scope="col">{t('sto.segments.pivot')}</th>
          </tr>
        </thead>
        <tbody>
          {SURGICAL_SEGMENTS.map((seg) => (
            <tr key={seg.id}>
              <th scope="row">{t(`sto.segments.${seg.id}`)}</th>
              {FIELDS.map((f) => (
                <td key={f}>{input(seg.id, f)}</td>
              ))}
              <td>
                <select
                  className="sto-pivot"
                  value={surgery[seg.id].pivot}
                  aria-label={t('sto.segments.inputLabel', { segment: t(`sto.segments.${seg.id}`), field: t('sto.segments.pivot') })}
                  data-testid={`sto-${seg.id}-pivot`}
                  onChange={(e) => setSegment(seg.id, { pivot: e.target.value as LandmarkId })}
                >
                  {seg.pivots.map((p) => (
                    <option key={p} value={p}>
                      {getLandmark(p).shortName}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="vto-row">
        <button type="button" className="dark-button dark-button--muted analysis-button" data-testid="sto-clear" onClick={clear}>
          {t('sto.segments.clear')}
        </button>
      </div>
    </div>
  );
}
