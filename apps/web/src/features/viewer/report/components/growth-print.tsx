import type { ReportGrowth } from '@ceppro/contract';
import type { PrintFilm } from '../hooks/use-print-film.ts';

/** Today's tracing: the print film's yellow (as the VTO section and the server's PDF). */
const TODAY_COLOUR = '#ffd60a';
/** The forecast: the PDF's blue (apps/server/src/features/reports/report-growth.ts), dashed as there. */
const FORECAST_COLOUR = '#268cff';
const FORECAST_DASH = '4 3';

type Drawing = NonNullable<ReportGrowth['drawing']>;

/**
 * The film with today's tracing (yellow, solid) and the forecast over it (blue, dashed: the predicted
 * outlines, each forecast point's move and its ±1 SD ellipse), under a caption naming both styles; as
 * the server's PDF draws it.
 */
function GrowthDrawing({ drawing, film, todayTracing }: { drawing: Drawing; film: string; todayTracing: ReadonlyArray<{ d: string }> }) {
  const { width, height } = drawing.filmSize;
  // Labels about 2 mm high on a film printed about 90 mm high.
  const font = height * 0.022;
  return (
    <figure className="vto-print__panel">
      <figcaption>
        <span className="vto-print__swatch" style={{ background: TODAY_COLOUR }} />
        {drawing.todayCaption}
        <span className="vto-print__swatch vto-print__swatch--dashed" style={{ color: FORECAST_COLOUR }} />
        {drawing.forecastCaption}
      </figcaption>
      <div className="report-print__overlay" data-testid="growth-print-drawing">
        <img src={film} alt="" />
        <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" aria-hidden="true">
          {todayTracing.map((path, i) => (
            <path key={`t${i}`} d={path.d} fill="none" stroke={TODAY_COLOUR} strokeWidth={1.2} vectorEffect="non-scaling-stroke" />
          ))}
          {drawing.outlines.map((line, i) => (
            <polyline
              key={`o${i}`}
              points={line.map((p) => `${p.x},${p.y}`).join(' ')}
              fill="none"
              stroke={FORECAST_COLOUR}
              strokeWidth={1.5}
              strokeDasharray={FORECAST_DASH}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {drawing.points.map((p) => (
            <g key={p.label} data-testid="growth-print-point" stroke={FORECAST_COLOUR} fill="none">
              <line x1={p.from.x} y1={p.from.y} x2={p.to.x} y2={p.to.y} strokeWidth={1} vectorEffect="non-scaling-stroke" />
              <ellipse
                cx={p.to.x}
                cy={p.to.y}
                rx={Math.max(p.sdX, 1)}
                ry={Math.max(p.sdY, 1)}
                strokeWidth={0.8}
                vectorEffect="non-scaling-stroke"
              />
              <text
                x={p.to.x + font * 0.4}
                y={p.to.y - font * 0.4}
                fontSize={font}
                fill={FORECAST_COLOUR}
                stroke="#000"
                strokeWidth={0.4}
                paintOrder="stroke"
                vectorEffect="non-scaling-stroke"
              >
                {p.label}
              </text>
            </g>
          ))}
        </svg>
      </div>
    </figure>
  );
}

/**
 * The printed growth forecast (the report model's `growth`, contract report-growth.ts): the chart's stored
 * choice, the forecast drawn over the film when the model has its drawing, the point moves with their SD,
 * the method and its uncertainty, and the sources; the same texts the server's PDF prints
 * (apps/server/src/features/reports/report-growth.ts).
 */
export function GrowthPrint({
  growth,
  film,
  todayTracing,
}: {
  growth: ReportGrowth;
  film: PrintFilm;
  todayTracing: ReadonlyArray<{ d: string }>;
}) {
  const drawing = growth.drawing ?? null;
  return (
    <section className="report-print__section" data-testid="growth-print">
      <h2>{growth.title}</h2>
      <p data-testid="growth-print-choice">{growth.choice}</p>
      {drawing !== null && film.status === 'ready' && (
        <>
          <GrowthDrawing drawing={drawing} film={film.url} todayTracing={todayTracing} />
          <p className="report-print__note" data-testid="growth-print-legend">
            {drawing.legend}
          </p>
        </>
      )}
      {growth.points.length > 0 && <p className="report-print__note">{growth.points.join(' · ')}</p>}
      <p className="report-print__note">{growth.method}</p>
      <p className="report-print__note" data-testid="growth-print-uncertainty">
        {growth.uncertainty}
      </p>
      <ol className="report-print__note">
        {growth.citations.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
    </section>
  );
}
