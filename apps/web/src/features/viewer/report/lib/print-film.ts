import { getLandmark, type ImagePoint, type LandmarkId, type LandmarkMap } from '@ceppro/ceph';
import type { Size } from '../../lib/coordinates.ts';
import { tracingPaths } from '../../lib/tracing-paths.ts';
import { drawPrintDrawings } from '../../drawing/lib/print-drawings.ts';

/**
 * The film as printed: the radiograph with the tracing and the landmarks drawn over it on one
 * canvas, every shape written in image px of the original upload (house style 2) under a single
 * scale to the output size. A PNG of it is what the print layout shows, so paper gets exactly the
 * positions the viewer measures, whatever the printer's scaling.
 */

/** The long side of the printed film, in px: about 300 dpi over the report's 180 mm width. */
export const PRINT_FILM_MAX_SIDE = 2400;

/** Marks in output px (what lands on paper), whatever the film's own resolution. */
const STYLE = { tracing: 3, marker: 6, markerEdge: 1.5, label: 22 } as const;

export function printFilmSize(image: Size): Size {
  const scale = Math.min(1, PRINT_FILM_MAX_SIDE / Math.max(image.width, image.height));
  return { width: Math.max(1, Math.round(image.width * scale)), height: Math.max(1, Math.round(image.height * scale)) };
}

/**
 * Draws the film on `ctx` (a canvas of `output` size): image, tracing (yellow), landmarks (red for
 * the model's, cyan for the user's) with their short names.
 */
export function drawPrintFilm(
  ctx: CanvasRenderingContext2D,
  image: CanvasImageSource,
  imageSize: Size,
  output: Size,
  positions: LandmarkMap<ImagePoint>,
  edited: ReadonlySet<LandmarkId>,
): void {
  const scale = output.width / imageSize.width;
  const u = 1 / scale; // image px per output px
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  ctx.drawImage(image, 0, 0, imageSize.width, imageSize.height);

  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  ctx.strokeStyle = '#ffd60a';
  ctx.lineWidth = STYLE.tracing * u;
  for (const path of tracingPaths(positions)) ctx.stroke(new Path2D(path.d));

  ctx.font = `600 ${STYLE.label * u}px sans-serif`;
  ctx.textBaseline = 'alphabetic';
  for (const [id, point] of Object.entries(positions) as [LandmarkId, ImagePoint][]) {
    ctx.beginPath();
    ctx.arc(point.x, point.y, STYLE.marker * u, 0, Math.PI * 2);
    ctx.fillStyle = edited.has(id) ? '#00c8ff' : '#ff3b30';
    ctx.fill();
    ctx.lineWidth = STYLE.markerEdge * u;
    ctx.strokeStyle = '#ffffff';
    ctx.stroke();
    const label = getLandmark(id).shortName;
    const x = point.x + STYLE.marker * 1.6 * u;
    const y = point.y - STYLE.marker * 1.2 * u;
    ctx.lineWidth = 4 * u;
    ctx.strokeStyle = 'rgba(0, 0, 0, 0.85)';
    ctx.strokeText(label, x, y);
    ctx.fillStyle = '#ffffff';
    ctx.fillText(label, x, y);
  }
  drawPrintDrawings(ctx, u);
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

/** Loads the film and draws it with its landmarks; resolves to a PNG. */
export async function composePrintFilm(url: string, imageSize: Size, positions: LandmarkMap<ImagePoint>, edited: ReadonlySet<LandmarkId>): Promise<Blob> {
  const image = await loadImage(url);
  const output = printFilmSize(imageSize);
  const canvas = document.createElement('canvas');
  canvas.width = output.width;
  canvas.height = output.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No 2D canvas.');
  drawPrintFilm(ctx, image, imageSize, output, positions, edited);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The film could not be encoded.'))), 'image/png'));
}
