import { DRAWING_TEXT_SCALE, type ReportModel } from '@ceppro/contract';
import type { ReportPage, Rgb } from '../../pdf/pdf-canvas';
import { FILM_STYLE } from './report-image';
import { placeLabels } from './report-label-placement';

/** Where a film was placed on a page (points) and what it is (output px, overlay space in image px). */
export interface PlacedFilm {
  readonly left: number;
  readonly top: number;
  /** Placed width in points. */
  readonly width: number;
  /** The composed JPEG's width in px. */
  readonly outputWidth: number;
  /** The overlay's space: image px of the original upload. */
  readonly space: { readonly width: number; readonly height: number };
}

/** The smallest landmark label on paper, in points (readable when printed). */
export const FILM_LABEL_MIN_PT = 6;

const WHITE: Rgb = [1, 1, 1];
const BLACK: Rgb = [0, 0, 0];

function rgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1, 7), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

/**
 * The film's words as PDF text over the placed raster, in the embedded Noto fonts (never a system
 * font): each landmark's short name beside its marker (white with a thin black outline) and the
 * drawing pad's text shapes in their colour and opacity. Positions are scaled like the image
 * (image px -> points by the placed width over the overlay space); a landmark label is set at
 * least FILM_LABEL_MIN_PT, beside its marker, and moved to another side of it when it would overlap
 * a label already placed.
 */
export function drawFilmTexts(page: ReportPage, model: Pick<ReportModel, 'landmarks' | 'film'>, placed: PlacedFilm): void {
  const k = placed.width / placed.space.width; // points per image px
  const u = placed.space.width / placed.outputWidth; // image px per output px
  const at = (x: number, y: number) => ({ x: placed.left + x * k, y: placed.top + y * k });
  // Scaled with the image a label would be 2-3 pt on the page: never smaller than FILM_LABEL_MIN_PT.
  const labelSize = Math.max(FILM_LABEL_MIN_PT, FILM_STYLE.label * u * k);
  // Just off the marker's edge, up and to the right, whatever the label's size.
  const gap = Math.max(FILM_STYLE.labelOffset * u * k, FILM_STYLE.marker * u * k + 0.6);
  // Labels that would overlap (U1 and U1A, A and ANS) are moved apart (report-label-placement.ts).
  const spots = placeLabels(
    model.landmarks.map((l) => ({ ...at(l.x, l.y), width: page.owner.textWidth(l.label, labelSize) })),
    labelSize,
    gap,
  );
  model.landmarks.forEach((l, i) => {
    const spot = spots[i] ?? { x: 0, y: 0 };
    page.text(spot.x, spot.y, l.label, { size: labelSize, color: WHITE, outline: { color: BLACK, width: labelSize * 0.04 } });
  });
  for (const shape of model.film.drawings) {
    if (shape.tool !== 'text') continue;
    const size = (shape.scales ? shape.width : shape.width * u) * DRAWING_TEXT_SCALE * k;
    // The viewer hangs the text from its point: the baseline sits about a cap height below it.
    const p = at(shape.at[0], shape.at[1]);
    page.text(p.x, p.y + size * 0.75, shape.text, { size, color: rgb(shape.color), opacity: shape.opacity });
  }
}
