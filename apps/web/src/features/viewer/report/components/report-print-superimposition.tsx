import { TRACING_OUTLINES } from '@ceppro/ceph';
import { fillLabel, reportLandmarkLabel, superimpositionSummary, type ReportLabels, type SuperimpositionReport } from '@ceppro/contract';
import { Fragment } from 'react';
import { Line, viewBox } from './report-print-figure.tsx';
import { PrintTable } from './report-table.tsx';

/*
 * The report model's superimposition as printed, the same as the PDF's page: the films' tracings in their
 * colours and the movement tables per pair of films.
 */

const num2 = (v: number) => (Math.round(v * 100) / 100).toFixed(2).replace(/^-(0\.00)$/, '$1');
const COLOURS = { white: '#ffffff', red: '#ff4d4f', blue: '#3d8bff', green: '#33c759' } as const;
const METHOD_KEYS = {
  'sn-at-s': 'methodSnAtS',
  'best-fit': 'methodBestFit',
  maxilla: 'methodMaxilla',
  mandible: 'methodMandible',
} as const;

/** As the PDF: the clinical points and the SN / FH rotations per pair; every landmark only as an appendix when asked. */
export function SuperimpositionPrint({
  report,
  labels,
  showAll,
}: {
  report: SuperimpositionReport;
  labels: ReportLabels;
  showAll: boolean;
}) {
  const dateOf = (chartId: string) => report.films.find((f) => f.chart_id === chartId)?.shoot_date ?? labels.filmNoDate;
  const pairs = superimpositionSummary(report);
  const method = { method: labels[METHOD_KEYS[report.method]], date: report.computed_at.slice(0, 10), unit: report.unit };
  const legend = report.films.map((f) => `${labels[f.colour]}: ${f.shoot_date ?? labels.filmNoDate}`).join(' · ');
  const unit = report.unit;
  return (
    <section className="report-print__section" data-testid="superimposition-print">
      <h2>{labels.superimposition}</h2>
      <p className="report-print__note">{fillLabel(labels.superMethod, method)}</p>
      <svg className="report-print__figure report-print__figure--dark" viewBox={viewBox(report.films.flatMap((f) => f.landmarks))}>
        {report.films.map((film) => {
          const byId = new Map(film.landmarks.map((p) => [p.id, p]));
          return TRACING_OUTLINES.map((o) => (
            <Line
              key={`${film.chart_id}-${o.id}`}
              points={o.landmarks.flatMap((id) => byId.get(id) ?? [])}
              colour={COLOURS[film.colour]}
              width={1.5}
            />
          ));
        })}
      </svg>
      <p className="report-print__note">{legend}</p>
      <p className="report-print__note">{labels.superNote}</p>
      {unit === 'px' && <p className="report-print__note">{labels.superPx}</p>}
      {pairs.map((pair) => {
        const span = `${dateOf(pair.from)} -> ${dateOf(pair.to)}`;
        const head = [labels.landmark, `dx (${unit})`, `dy (${unit})`, `${labels.distance} (${unit})`];
        return (
          <Fragment key={`${pair.from}>${pair.to}`}>
            {pair.points.length > 0 && (
              <PrintTable
                caption={`${labels.superSummary}: ${span} (${unit})`}
                head={head}
                rows={pair.points.map((r) => [reportLandmarkLabel(r.id), num2(r.dx), num2(r.dy), num2(r.distance)])}
              />
            )}
            {pair.planes.length > 0 && (
              <PrintTable
                caption={`${labels.superPlanes}: ${span}`}
                head={[labels.plane, labels.rotation]}
                rows={pair.planes.map((p) => [p.name, `${num2(p.rotation)}°`])}
              />
            )}
          </Fragment>
        );
      })}
      {showAll &&
        pairs.map((pair) => (
          <PrintTable
            key={`all-${pair.from}>${pair.to}`}
            caption={`${labels.superAppendix}: ${dateOf(pair.from)} -> ${dateOf(pair.to)} (${unit})`}
            head={[labels.landmark, `dx (${unit})`, `dy (${unit})`, `${labels.distance} (${unit})`]}
            rows={pair.all.map((r) => [reportLandmarkLabel(r.id), num2(r.dx), num2(r.dy), num2(r.distance)])}
          />
        ))}
    </section>
  );
}
