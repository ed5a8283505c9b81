import type { DrawingConfig, DrawingShape } from '@ceppro/contract';

/**
 * Stroke widths of the drawing pad. The settings give a pixel size (screen px at zoom 100%, the
 * fitted view) and a ratio (percent applied to it). A shape drawn with "scale with the zoom" stores
 * its width in image px of the original upload, so it grows and shrinks with the film; otherwise
 * it stores screen px and keeps that width on screen at every zoom.
 */

/** The stroke width in screen px at zoom 100%: pixel size x ratio / 100. */
export function baseWidth(config: Pick<DrawingConfig, 'size' | 'ratio'>): number {
  return (config.size * config.ratio) / 100;
}

/**
 * The width to store on a new shape. `fitScale`: screen px per image px of the fitted view (zoom
 * 100%), so a scaling stroke is `baseWidth` on screen at 100% whatever the film's resolution.
 */
export function storedWidth(
  config: Pick<DrawingConfig, 'size' | 'ratio' | 'scaleWithZoom'>,
  fitScale: number,
): { width: number; scales: boolean } {
  const base = baseWidth(config);
  if (!config.scaleWithZoom) return { width: round(base), scales: false };
  return { width: round(base / (fitScale > 0 ? fitScale : 1)), scales: true };
}

/** A shape's stroke width in image px under a view of `scale` screen px per image px. */
export function imageWidth(shape: Pick<DrawingShape, 'width' | 'scales'>, scale: number): number {
  return shape.scales ? shape.width : shape.width / (scale > 0 ? scale : 1);
}

/** A shape's stroke width in screen px under a view of `scale` screen px per image px. */
export function screenWidth(shape: Pick<DrawingShape, 'width' | 'scales'>, scale: number): number {
  return shape.scales ? shape.width * scale : shape.width;
}

/** Stored numbers keep 0.01 px: enough for any film, and small documents (256 KB cap). */
export function round(value: number): number {
  return Math.round(value * 100) / 100;
}
