import type { ProfilogramComparison } from '@ceppro/ceph';
import { useTranslation } from 'react-i18next';

const PAD = 12;

/**
 * The profilogram beside the film: the patient's polylines over the normative template (the Björk
 * polygon N–S–Ar–Go–Me), in the profilogram frame with scale and rotation applied, as computed now
 * from the landmarks (packages/ceph `computeProfilogramResult`; the record stores only the options). Frame y is
 * superior, so it is flipped for SVG; the frame origin (the registration point) gets a cross.
 * `width` is the drawing's width at scale 100 %: the drawing is fitted to its own extent, so the
 * scale sizes the picture itself (150 % draws it half as large again; a wide one scrolls in its
 * frame).
 */
export function ProfilogramChart({ result, width = 300 }: { result: ProfilogramComparison; width?: number }) {
  const { t } = useTranslation();
  const all = [...result.template, ...result.polylines.flatMap((l) => l.points)];
  const xs = all.map((p) => p.x).concat(0);
  const ys = all.map((p) => p.y).concat(0);
  const minX = Math.min(...xs);
  const maxX = Math.max(...xs);
  const minY = Math.min(...ys);
  const maxY = Math.max(...ys);
  const span = Math.max(maxX - minX, maxY - minY, 1);
  const pad = (span * PAD) / 100;
  const w = maxX - minX + pad * 2;
  const h = maxY - minY + pad * 2;
  const sx = (x: number) => x - minX + pad;
  const sy = (y: number) => maxY - y + pad;
  const path = (points: readonly { x: number; y: number }[]) => points.map((p) => `${sx(p.x).toFixed(2)},${sy(p.y).toFixed(2)}`).join(' ');
  const k = result.options.scale / 100;
  const shown = width * k;
  // Marks and labels grow and shrink less than the drawing (√scale): legible at 50 %, still inside the frame.
  const tick = span / 40 / Math.sqrt(k);
  return (
    <div className="profilogram-chart__frame" data-testid="profilogram-chart-frame">
      <svg
        className="profilogram-chart"
        data-testid="profilogram-chart"
        data-scale={result.options.scale}
        viewBox={`0 0 ${w.toFixed(2)} ${h.toFixed(2)}`}
        width={shown}
        height={(shown * h) / w}
        role="img"
        aria-label={t('profilogram.chartLabel')}
      >
        <line
          className="profilogram-chart__axis"
          x1={sx(0) - tick * 3}
          y1={sy(0)}
          x2={sx(0) + tick * 3}
          y2={sy(0)}
          vectorEffect="non-scaling-stroke"
        />
        <line
          className="profilogram-chart__axis"
          x1={sx(0)}
          y1={sy(0) - tick * 3}
          x2={sx(0)}
          y2={sy(0) + tick * 3}
          vectorEffect="non-scaling-stroke"
        />
        <polyline
          className="profilogram-chart__template"
          data-testid="profilogram-template"
          data-points={path(result.template)}
          points={path(result.template)}
          vectorEffect="non-scaling-stroke"
        />
        {result.polylines.map((line) => (
          <polyline
            key={line.id}
            className="profilogram-chart__patient"
            data-testid={`profilogram-patient-${line.id}`}
            data-points={path(line.points)}
            points={path(line.points)}
            vectorEffect="non-scaling-stroke"
          />
        ))}
        {result.template.map((p) => (
          <g key={p.id}>
            <circle className="profilogram-chart__template-point" cx={sx(p.x)} cy={sy(p.y)} r={tick * 0.6} />
            <text className="profilogram-chart__label" x={sx(p.x) + tick} y={sy(p.y) - tick} fontSize={tick * 2.6}>
              {p.id}
            </text>
          </g>
        ))}
      </svg>
    </div>
  );
}
