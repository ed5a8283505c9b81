import { PROFILOGRAM_SEGMENTS, type ImagePoint } from '@ceppro/ceph';
import { PROFILOGRAM_TEMPLATE_IDS } from '@ceppro/contract';
import { usePanelStore } from '../../panels.ts';
import { useProfilogram, useProfilogramSync } from '../hooks/use-profilogram.ts';
import { frameToImage, unscale } from '../lib/frame-to-image.ts';

export const PROFILOGRAM_PANEL_ID = 'profilogram';

const points = (list: readonly ImagePoint[]) => list.map((p) => `${p.x},${p.y}`).join(' ');

/**
 * Overlay layer: while the Profilogram tab is open, the patient's profilogram on the film (its
 * landmark chains) and the norm template laid on it at true size, registered at the chosen point
 * along the chosen standard line. Image px of the original upload. The layer is mounted with the
 * viewer whatever the tab, so it also keeps the stored profilogram in step (`useProfilogramSync`).
 */
export function ProfilogramLayer() {
  useProfilogramSync();
  const active = usePanelStore((s) => s.active) === PROFILOGRAM_PANEL_ID;
  const { positions, calibration, stored } = useProfilogram();
  if (!active || stored === null) return null;
  const toImage = frameToImage(positions, calibration.calibration, stored.options);
  const template =
    toImage === null
      ? []
      : stored.template
          .filter((p) => (PROFILOGRAM_TEMPLATE_IDS as readonly string[]).includes(p.id))
          .map((p) => toImage(unscale(p, stored.options)));
  return (
    <g className="profilogram-layer" data-testid="profilogram-layer">
      {PROFILOGRAM_SEGMENTS.map((seg) => {
        const chain = seg.landmarks.flatMap((id) => (positions[id] === undefined ? [] : [positions[id]]));
        return chain.length < 2 ? null : (
          <polyline key={seg.id} className="profilogram-layer__patient" points={points(chain)} vectorEffect="non-scaling-stroke" />
        );
      })}
      {template.length > 1 && (
        <polyline
          className="profilogram-layer__template"
          data-testid="profilogram-film-template"
          points={points(template)}
          vectorEffect="non-scaling-stroke"
        />
      )}
    </g>
  );
}
