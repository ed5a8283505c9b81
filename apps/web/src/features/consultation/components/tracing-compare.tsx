import { svgPathBounds } from '@ceppro/ceph';
import type { ConsultationLabels, ConsultationModel } from '@ceppro/contract';

/** Today's tracing (solid) and the predicted one (dashed) on one frame around the profile, with a legend. */
export function TracingCompare({ film, labels }: { film: ConsultationModel['film']; labels: ConsultationLabels }) {
  const box = svgPathBounds([...film.today, ...film.predicted]);
  if (box === null) return <p className="consultation__note">{labels.noTracing}</p>;
  return (
    <figure className="consultation-tracing" data-testid="consultation-tracing">
      <svg
        className="consultation-tracing__svg"
        viewBox={`${box.x} ${box.y} ${box.width} ${box.height}`}
        preserveAspectRatio="xMidYMid meet"
        role="img"
        aria-label={labels.tracingTitle}
      >
        {film.today.map((p) => (
          <path key={`t-${p.id}`} d={p.d} className="consultation-tracing__today" vectorEffect="non-scaling-stroke" />
        ))}
        {film.predicted.map((p) => (
          <path key={`p-${p.id}`} d={p.d} className="consultation-tracing__predicted" vectorEffect="non-scaling-stroke" />
        ))}
      </svg>
      <figcaption className="consultation-legend">
        <span className="consultation-legend__item">
          <svg className="consultation-legend__swatch" viewBox="0 0 32 8" aria-hidden="true">
            <line x1="0" y1="4" x2="32" y2="4" className="consultation-tracing__today" />
          </svg>
          {labels.legendToday}
        </span>
        {film.predicted.length > 0 && (
          <span className="consultation-legend__item" data-testid="consultation-legend-predicted">
            <svg className="consultation-legend__swatch" viewBox="0 0 32 8" aria-hidden="true">
              <line x1="0" y1="4" x2="32" y2="4" className="consultation-tracing__predicted" />
            </svg>
            {labels.legendPredicted}
          </span>
        )}
        <span className="consultation-legend__explain">{labels.tracingExplain}</span>
      </figcaption>
    </figure>
  );
}
