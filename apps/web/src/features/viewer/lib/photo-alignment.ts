import { applyAffine, composeAffine, fitSimilarity, invertAffine, type Affine2, type Vec2 } from '@ceppro/ceph';
import type { AutoAlignResponse } from '@ceppro/contract';
import type { Size } from './coordinates.ts';

/**
 * Facial-photo alignment maths (pure). Every transform here maps PHOTO pixels (of the uploaded
 * photo, origin top-left, y down) to FILM pixels (of the original cephalogram upload).
 */

/** Horizontal mirror of a photo of width `w` in its own pixels: x -> w - 1 - x. */
export function mirrorX(width: number): Affine2 {
  return { a: -1, b: 0, c: 0, d: 1, tx: width - 1, ty: 0 };
}

/** The auto-align answer's transform as one affine on the unmirrored photo (mirroring folded in). */
export function autoAlignTransform(answer: Extract<AutoAlignResponse, { status: 'aligned' }>): Affine2 {
  return answer.mirrored ? composeAffine(answer.transform, mirrorX(answer.photo.width)) : answer.transform;
}

/**
 * Where the photo sits before it is aligned: scaled to fit the film's frame, centred. Used to show
 * the photo in its own view and to turn clicks on it into photo pixels.
 */
export function fittedPhotoTransform(photo: Size, film: Size): Affine2 {
  const s = Math.min(film.width / photo.width, film.height / photo.height);
  return { a: s, b: 0, c: 0, d: s, tx: (film.width - photo.width * s) / 2, ty: (film.height - photo.height * s) / 2 };
}

export interface ManualFit {
  readonly transform: Affine2;
  /** RMS of the pairs after the fit, film px. */
  readonly residualPx: number;
  readonly mirrored: boolean;
}

/**
 * The similarity (uniform scale, rotation, translation) that best maps the clicked photo points onto
 * the clicked film points, trying the photo as it is and mirrored (a face looking the other way) and
 * keeping the closer fit. null with fewer than 2 pairs or coincident photo points.
 */
export function fitManualAlignment(photoPoints: readonly Vec2[], filmPoints: readonly Vec2[], photoWidth: number): ManualFit | null {
  if (photoPoints.length < 2 || photoPoints.length !== filmPoints.length) return null;
  const direct = fitSimilarity(photoPoints, filmPoints, true);
  const mirror = mirrorX(photoWidth);
  const flipped = fitSimilarity(
    photoPoints.map((p) => applyAffine(mirror, p)),
    filmPoints,
    true,
  );
  const candidates: ManualFit[] = [];
  if (direct && direct.scale > 0) candidates.push({ transform: direct.transform, residualPx: direct.rms, mirrored: false });
  if (flipped && flipped.scale > 0)
    candidates.push({ transform: composeAffine(flipped.transform, mirror), residualPx: flipped.rms, mirrored: true });
  if (candidates.length === 0) return null;
  // Prefer the unmirrored fit unless mirroring is clearly better (3 pairs always fit a little).
  return candidates.reduce((best, c) => (c.residualPx < best.residualPx * 0.5 ? c : best));
}

/** Fine adjustment of an alignment, in film px / degrees / factor, about `pivot` (film px). */
export interface Nudge {
  readonly dx?: number;
  readonly dy?: number;
  readonly rotateDeg?: number;
  readonly scale?: number;
}

/** The alignment moved by `nudge` in film space: rotation and scaling about `pivot`, then translation. */
export function nudgeTransform(t: Affine2, nudge: Nudge, pivot: Vec2): Affine2 {
  const r = ((nudge.rotateDeg ?? 0) * Math.PI) / 180;
  const s = nudge.scale ?? 1;
  const cos = Math.cos(r) * s;
  const sin = Math.sin(r) * s;
  // Film-space similarity about the pivot (y down: positive degrees turn clockwise on screen).
  const about: Affine2 = {
    a: cos,
    b: sin,
    c: -sin,
    d: cos,
    tx: pivot.x - cos * pivot.x + sin * pivot.y + (nudge.dx ?? 0),
    ty: pivot.y - sin * pivot.x - cos * pivot.y + (nudge.dy ?? 0),
  };
  return composeAffine(about, t);
}

/** Photo pixel under a film-pixel point, for a photo shown with `t`; null when `t` is singular. */
export function filmToPhoto(t: Affine2, p: Vec2): Vec2 | null {
  const inv = invertAffine(t);
  return inv === null ? null : applyAffine(inv, p);
}

/** The SVG `matrix(...)` of an affine. */
export function svgMatrix(t: Affine2): string {
  return `matrix(${t.a} ${t.b} ${t.c} ${t.d} ${t.tx} ${t.ty})`;
}
