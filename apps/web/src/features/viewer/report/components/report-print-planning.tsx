import { TRACING_OUTLINES } from '@ceppro/ceph';
import {
  fillLabel,
  profilogramNormNote,
  reportFootnotes,
  reportLandmarkLabel,
  superimpositionSummary,
  type ProfilogramReport,
  type ReportLabels,
  type SuperimpositionReport,
  type VtoReport,
} from '@ceppro/contract';
import { morphMesh, photoWarp, warpVertices } from '@ceppro/ceph';
import { Fragment, useLayoutEffect, useRef } from 'react';
import { drawMorph } from '../../../../lib/morph/draw-morph.ts';
import { useLoadedImage } from '../../../../hooks/use-loaded-image.ts';
import { usePhotoStore } from '../../store/photo-store.ts';
import type { PrintFilm } from '../hooks/use-print-film.ts';
import { PrintFootnotes, PrintTable } from './report-table.tsx';

/**
 * The report model's planning sections as printed, the same as the PDF's planning pages: the
 * superimposition (tracings in the films' colours and the movement tables), the profilogram (the
 * patient's polylines over the norm, the deviation table, free measurements) and the VTO/STO plan.
 */

type Point = { readonly x: number; readonly y: number };

const num2 = (v: number) => (Math.round(v * 100) / 100).toFixed(2).replace(/^-(0\.00)$/, '$1');
const num1 = (v: number) => (v.toFixed(1) === '-0.0' ? '0.0' : v.toFixed(1));
const pts = (points: readonly Point[]) => points.map((p) => `${p.x},${p.y}`).join(' ');
const COLOURS = { white: '#ffffff', red: '#ff4d4f', blue: '#3d8bff', green: '#33c759' } as const;
const METHOD_KEYS = {
  'sn-at-s': 'methodSnAtS',
  'best-fit': 'methodBestFit',
  maxilla: 'methodMaxilla',
  mandible: 'methodMandible',
} as const;
const ORIGIN: Point = { x: 0, y: 0 };
const LINE_KEYS = { SN: 'lineSN', FH: 'lineFH', 'SN-7': 'lineSN7' } as const;
const POINT_KEYS = { S: 'pointS', N: 'pointN' } as const;

/** An SVG viewBox around `points` with a 5% margin (`flip`: y up, as the profilogram's frame). */
function viewBox(points: readonly Point[], flip = false): string {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => (flip ? -p.y : p.y));
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const pad = Math.max(x1 - x0, y1 - y0, 1) * 0.05;
  return `${x0 - pad} ${y0 - pad} ${x1 - x0 + 2 * pad} ${y1 - y0 + 2 * pad}`;
}

function Line({ points, colour, width, dash }: { points: readonly Point[]; colour: string; width: number; dash?: string }) {
  return (
    <polyline
      points={pts(points)}
      fill="none"
      stroke={colour}
      strokeWidth={width}
      strokeDasharray={dash}
      vectorEffect="non-scaling-stroke"
    />
  );
}

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

/** Today's tracing on the print film (yellow, as the server's film) and the predicted tracing's orange. */
const TODAY_COLOUR = '#ffd60a';
const PREDICTED_COLOUR = '#ff7a00';
/** Dashed, as in the server's PDF: today's tracing shows between the dashes where the two coincide. */
const PREDICTED_DASH = '4 3';

export function VtoPrint({ report, film, labels }: { report: VtoReport; film: PrintFilm; labels: ReportLabels }) {
  const size = report.filmSize;
  const footnotes = reportFootnotes(report.rows);
  return (
    <section className="report-print__section" data-testid="vto-print">
      <h2>{labels.vtoTitle}</h2>
      <p className="report-print__note">{labels.vtoLegend}</p>
      {(report.mode === 'sto' || report.autorotation) && (
        <p className="report-print__note" data-testid="vto-print-mode">
          <strong>{fillLabel(labels.vtoMode, { mode: report.mode === 'sto' ? labels.vtoModeSto : labels.vtoModeVto })}</strong>
          {report.autorotation ? ` ${report.autorotation}` : ''}
        </p>
      )}
      {/* Today alone beside the prediction drawn over today's tracing: neither hides the other (as the server's PDF). */}
      {size !== null && film.status === 'ready' && (
        <div className="report-print__pair">
          <figure className="vto-print__panel">
            <figcaption>
              <span className="vto-print__swatch" style={{ background: TODAY_COLOUR }} />
              {labels.vtoTodayPanel}
            </figcaption>
            <div className="report-print__overlay vto-print__frame">
              <img src={film.url} alt="" />
            </div>
          </figure>
          <figure className="vto-print__panel">
            <figcaption>
              <span className="vto-print__swatch vto-print__swatch--dashed" style={{ color: PREDICTED_COLOUR }} />
              <span className="vto-print__swatch" style={{ background: TODAY_COLOUR }} />
              {labels.vtoPredictedPanel}
            </figcaption>
            <div className="report-print__overlay vto-print__frame" data-testid="vto-print-predicted">
              <img src={film.url} alt="" />
              <svg viewBox={`0 0 ${size.width} ${size.height}`} preserveAspectRatio="none" aria-hidden="true">
                {report.outlines.map((line, i) => (
                  <Line key={i} points={line} colour={PREDICTED_COLOUR} width={1.5} dash={PREDICTED_DASH} />
                ))}
              </svg>
            </div>
          </figure>
        </div>
      )}
      {report.morph && <VtoPrintPhotos morph={report.morph} labels={labels} />}
      <div className="report-print__pair">
        {report.segments && report.segments.length > 0 ? (
          <PrintTable
            caption={`${labels.segmentMoves} (mm, °)`}
            head={['', labels.horizontal, labels.vertical, labels.segmentRotation, labels.segmentPivot]}
            rows={report.segments.map((m) => [m.label, m.horizontal, m.vertical, m.rotation, m.pivot])}
          />
        ) : (
          <PrintTable
            caption={labels.movementMm}
            head={['', labels.horizontal, labels.vertical]}
            rows={report.movements.map((m) => [m.label, m.horizontal, m.vertical])}
          />
        )}
        <div className="report-print__note">
          <strong>{labels.ratiosTitle}</strong>
          {[...report.ratios, ...report.softMoves].map((line, i) => (
            <p key={i}>{line}</p>
          ))}
        </div>
      </div>
      <PrintTable
        caption={labels.predictedTitle}
        head={[labels.measurement, labels.today, labels.predicted, labels.change]}
        rows={report.rows.map((r) => [r.name, r.today, r.predicted, r.change])}
        marks={footnotes.marks.map((m) => m.name)}
      />
      <PrintFootnotes notes={footnotes.notes} testId="vto-footnotes" />
    </section>
  );
}

/** Long side of the printed photos (px): sharp on paper, still a quick morph. */
const PRINT_PHOTO_SIDE = 1000;

/**
 * The aligned facial photo today and morphed with the plan, as the server's PDF prints them: packages/ceph's
 * mesh and warp from the report model (`morph`), drawn by lib/morph `drawMorph` like the viewer's layer. Shown
 * once the chart's photo (the viewer's photo store) is the one the plan aligned, and loaded.
 */
function VtoPrintPhotos({ morph, labels }: { morph: NonNullable<VtoReport['morph']>; labels: ReportLabels }) {
  const photo = usePhotoStore((s) => s.photo);
  const same = photo !== null && photo.chartDataId === morph.photoChartDataId;
  const loaded = useLoadedImage(same ? photo.url : null);
  const before = useRef<HTMLCanvasElement>(null);
  const after = useRef<HTMLCanvasElement>(null);
  const image = loaded.image;
  const scale = image ? Math.min(1, PRINT_PHOTO_SIDE / Math.max(image.naturalWidth, image.naturalHeight)) : 1;
  const width = image ? Math.max(1, Math.round(image.naturalWidth * scale)) : 1;
  const height = image ? Math.max(1, Math.round(image.naturalHeight * scale)) : 1;

  useLayoutEffect(() => {
    if (!image) return;
    before.current?.getContext('2d')?.drawImage(image, 0, 0, width, height);
    const canvas = after.current;
    const context = canvas?.getContext('2d');
    const warp = photoWarp(morph.warp, morph.transform);
    if (!canvas || !context || warp === null) return;
    const size = { width: image.naturalWidth, height: image.naturalHeight };
    const mesh = morphMesh(size, morph.quality);
    drawMorph(context, image, size, mesh, warpVertices(mesh, warp), scale);
    canvas.dataset['drawn'] = 'true';
  }, [image, morph, width, height, scale]);

  if (!image) return null;
  return (
    <div className="report-print__pair" data-testid="vto-print-photos">
      {(['before', 'after'] as const).map((side) => (
        <figure key={side} className="vto-print__panel">
          <figcaption>{side === 'before' ? labels.vtoPhotoBefore : labels.vtoPhotoAfter}</figcaption>
          <canvas
            ref={side === 'before' ? before : after}
            width={width}
            height={height}
            className="vto-print__photo"
            data-testid={`vto-print-photo-${side}`}
          />
        </figure>
      ))}
    </div>
  );
}
