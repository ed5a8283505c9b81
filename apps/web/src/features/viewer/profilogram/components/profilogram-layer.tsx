import { PROFILOGRAM_TEMPLATE_IDS, type ImagePoint } from '@ceppro/ceph';
import { usePanelStore } from '../../panels.ts';
import { useProfilogram, useProfilogramAutoMeasure } from '../hooks/use-profilogram.ts';
import { frameToImage } from '../lib/frame-to-image.ts';

export const PROFILOGRAM_PANEL_ID = 'profilogram';

const points = (list: readonly ImagePoint[]) => list.map((p) => `${p.x},${p.y}`).join(' ');

/**
 * Overlay layer: while the Profilogram tab is open, the profilogram on the film (the patient's
 * landmark chains and the norm template) registered at the chosen point along the chosen standard
 * line, with the panel's scale and rotation applied about the registration point: at 100 % and 0°
 * the chains run through the landmarks and the template is at true size. Image px of the original
 * upload. Computed from the landmarks as they are now with the stored options (the record holds
 * only those). The layer is mounted with the viewer whatever the tab, so it also measures a chart
 * under "auto measurement" (`useProfilogramAutoMeasure`).
 */
export function ProfilogramLayer() {
  useProfilogramAutoMeasure();
  const active = usePanelStore((s) => s.active) === PROFILOGRAM_PANEL_ID;
  const { positions, calibration, stored, computed } = useProfilogram();
  if (!active || stored === null || !computed.ok) return null;
  const drawn = computed.result;
  const toImage = frameToImage(positions, calibration.calibration, drawn.options);
  if (toImage === null) return null;
  const template = drawn.template.filter((p) => (PROFILOGRAM_TEMPLATE_IDS as readonly string[]).includes(p.id)).map(toImage);
  return (
    <g className="profilogram-layer" data-testid="profilogram-layer" data-scale={drawn.options.scale} data-rotate={drawn.options.rotate}>
      {drawn.polylines.map((line) =>
        line.points.length < 2 ? null : (
          <polyline
            key={line.id}
            className="profilogram-layer__patient"
            data-testid={`profilogram-film-${line.id}`}
            points={points(line.points.map(toImage))}
            vectorEffect="non-scaling-stroke"
          />
        ),
      )}
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
