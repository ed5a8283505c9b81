import type { ReportModel } from '@ceppro/contract';
import type { Size } from '../../lib/coordinates.ts';
import { adjustedFilm } from '../../lib/adjusted-film.ts';
import { drawShapesOnCanvas } from '../../lib/print-drawings.ts';

/**
 * The film as printed, from the report model (what the server's PDF draws): the radiograph with
 * the model's tracing (packages/ceph `outlinePaths`, the viewer's spline, with the contours that follow the
 * film), landmarks and drawings on
 * one canvas, every shape in image px of the original upload (docs/house-rules.md §2) under a single scale
 * to the output size. A PNG of it is what the print layout shows, so paper gets exactly the saved
 * positions, whatever the printer's scaling.
 */

/** The long side of the printed film, in px: about 300 dpi over the report's 180 mm width. */
export const PRINT_FILM_MAX_SIDE = 2400;

/** Marks in output px (what lands on paper), whatever the film's own resolution. */
const STYLE = { tracing: 3, marker: 6, markerEdge: 1.5, label: 22 } as const;

export function printFilmSize(image: Size): Size {
  const scale = Math.min(1, PRINT_FILM_MAX_SIDE / Math.max(image.width, image.height));
  return { width: Math.max(1, Math.round(image.width * scale)), height: Math.max(1, Math.round(image.height * scale)) };
}

type FilmModel = Pick<ReportModel, 'landmarks' | 'film'>;

/**
 * Draws the film on `ctx` (a canvas of `output` size): image, tracing (yellow), landmarks (red for
 * the model's, cyan for the user's) with their short names, then the drawing pad's shapes.
 */
export function drawPrintFilm(
  ctx: CanvasRenderingContext2D,
  image: CanvasImageSource,
  imageSize: Size,
  output: Size,
  model: FilmModel,
): void {
  const scale = output.width / imageSize.width;
  const u = 1 / scale; // image px per output px
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  ctx.drawImage(image, 0, 0, imageSize.width, imageSize.height);

  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  ctx.strokeStyle = '#ffd60a';
  ctx.lineWidth = STYLE.tracing * u;
  for (const path of model.film.tracing) ctx.stroke(new Path2D(path.d));

  ctx.font = `600 ${STYLE.label * u}px sans-serif`;
  ctx.textBaseline = 'alphabetic';
  for (const landmark of model.landmarks) {
    ctx.beginPath();
    ctx.arc(landmark.x, landmark.y, STYLE.marker * u, 0, Math.PI * 2);
    ctx.fillStyle = landmark.edited ? '#00c8ff' : '#ff3b30';
    ctx.fill();
    ctx.lineWidth = STYLE.markerEdge * u;
    ctx.strokeStyle = '#ffffff';
    ctx.stroke();
    const x = landmark.x + STYLE.marker * 1.6 * u;
    const y = landmark.y - STYLE.marker * 1.2 * u;
    ctx.lineWidth = 4 * u;
    ctx.strokeStyle = 'rgba(0, 0, 0, 0.85)';
    ctx.strokeText(landmark.label, x, y);
    ctx.fillStyle = '#ffffff';
    ctx.fillText(landmark.label, x, y);
  }
  drawShapesOnCanvas(ctx, model.film.drawings, u);
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    // A presigned URL on another origin (S3) must allow CORS, or the canvas could not be exported.
    image.crossOrigin = 'anonymous';
    image.decoding = 'async';
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The film could not be loaded.'));
    image.src = url;
  });
}

/**
 * Loads the film and draws the model over it; resolves to a PNG. The overlay's space is the size the
 * landmarks were placed on (the model's), else the file's own.
 */
export async function composePrintFilm(url: string, model: FilmModel): Promise<Blob> {
  const image = await loadImage(url);
  const imageSize = model.film.size ?? { width: image.naturalWidth, height: image.naturalHeight };
  const output = printFilmSize(imageSize);
  // The film as it was looked at (the image settings the report states), as the server's PDF draws it.
  const adjustments = model.film.adjustments ?? null;
  const film = adjustments ? adjustedFilm(image, imageSize, output, adjustments) : image;
  const canvas = document.createElement('canvas');
  canvas.width = output.width;
  canvas.height = output.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No 2D canvas.');
  drawPrintFilm(ctx, film, imageSize, output, model);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The film could not be encoded.'))), 'image/png');
  });
}
