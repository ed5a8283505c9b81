import { fillLabel, profilogramNormNote, reportLandmarkLabel, type ProfilogramReport, type ReportLabels } from '@ceppro/contract';
import { Line, viewBox, type Point } from './report-print-figure.tsx';
import { PrintTable } from './report-table.tsx';

/*
 * The report model's profilogram as printed, the same as the PDF's page: the patient's polylines over the
 * norm, the deviation table and the free measurements.
 */

const num1 = (v: number) => (v.toFixed(1) === '-0.0' ? '0.0' : v.toFixed(1));
const ORIGIN: Point = { x: 0, y: 0 };
const LINE_KEYS = { SN: 'lineSN', FH: 'lineFH', 'SN-7': 'lineSN7' } as const;
const POINT_KEYS = { S: 'pointS', N: 'pointN' } as const;

export function ProfilogramPrint({ report, labels }: { report: ProfilogramReport; labels: ReportLabels }) {
  const result = report.profilogram;
  const flip = (points: readonly Point[]) => points.map((p) => ({ x: p.x, y: -p.y }));
  const profileBox = result === null ? '' : viewBox([...result.template, ...result.polylines.flatMap((l) => l.points), ORIGIN], true);
  return (
    <section className="report-print__section">
      {result !== null && (
        <div data-testid="report-profilogram">
          <h2>{labels.profilogram}</h2>
          <p className="report-print__note">
            {fillLabel(labels.profilogramOptions, {
              line: labels[LINE_KEYS[result.options.standardLine]],
              point: labels[POINT_KEYS[result.options.point]],
              scale: result.options.scale,
              rotate: result.options.rotate,
            })}
          </p>
          <div className="report-print__pair">
            {/* The frame's y is superior: flipped for the screen. */}
            <svg className="report-print__figure" viewBox={profileBox}>
              <Line points={flip(result.template)} colour="#de6b21" width={1.4} />
              {result.polylines.map((l, i) => (
                <Line key={i} points={flip(l.points)} colour="#2b6bb0" width={1.2} />
              ))}
            </svg>
            <PrintTable
              caption={fillLabel(labels.deviationTitle, { unit: result.unit })}
              head={[labels.point, 'dx', 'dy', labels.normSd]}
              rows={result.deviations.map((d) => {
                const range = `±${num1(d.rangeX)} / ±${num1(d.rangeY)}${d.outside ? `  ${labels.outside}` : ''}`;
                return [reportLandmarkLabel(d.id), num1(d.dx), num1(d.dy), range];
              })}
            />
          </div>
          <p className="report-print__note">{profilogramNormNote(result.templateSource, labels)}</p>
        </div>
      )}
      {report.measurements.length > 0 && (
        <PrintTable
          testId="report-measurements"
          caption={labels.measurements}
          head={[labels.measurement, labels.value]}
          rows={report.measurements.map((m) => [m.name, m.value])}
        />
      )}
    </section>
  );
}
