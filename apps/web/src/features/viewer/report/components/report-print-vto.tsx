import { morphMesh, photoWarp, warpVertices } from '@ceppro/ceph';
import { fillLabel, reportFootnotes, type ReportLabels, type VtoReport } from '@ceppro/contract';
import { useLayoutEffect, useRef } from 'react';
import { useLoadedImage } from '../../../../hooks/use-loaded-image.ts';
import { drawMorph } from '../../../../lib/morph/draw-morph.ts';
import { usePhotoStore } from '../../store/photo-store.ts';
import type { PrintFilm } from '../hooks/use-print-film.ts';
import { Line } from './report-print-figure.tsx';
import { PrintFootnotes, PrintTable } from './report-table.tsx';

/*
 * The report model's VTO/STO plan as printed, the same as the PDF's page: today's film beside the
 * prediction, the aligned facial photo today and morphed, the movements, ratios and predicted measurements.
 */

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
