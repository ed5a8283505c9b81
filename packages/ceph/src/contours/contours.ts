import type { Vec2 } from '../geometry/units.ts';
import { TRACING_OUTLINES } from '../landmarks/tracing.ts';
import { polylinePath, splinePath, type OutlinePath } from '../landmarks/tracing-paths.ts';
import type { LandmarkId, LandmarkMap } from '../landmarks/types.ts';
import { gradientMagnitude, traceContour, type GrayImage } from './live-wire.ts';

/**
 * The tracing's contours that follow the film (live-wire.ts), each a chain of landmarks whose gaps
 * replace the same gaps of a landmark outline (TRACING_OUTLINES `outline`). Missing landmarks are
 * skipped, as the outlines skip them.
 */
export interface ContourDefinition {
  readonly id: string;
  /** The TRACING_OUTLINES outline whose gaps between these landmarks the contour replaces. */
  readonly outline: string;
  readonly landmarks: readonly LandmarkId[];
}

export const CONTOUR_DEFINITIONS: readonly ContourDefinition[] = [
  { id: 'mandibular-border', outline: 'mandible', landmarks: ['Go', 'Me'] },
  { id: 'ramus', outline: 'mandible', landmarks: ['Ar', 'Go'] },
  { id: 'anterior-maxilla', outline: 'maxilla', landmarks: ['ANS', 'A', 'Pr'] },
  { id: 'soft-profile-upper', outline: 'soft-upper-profile', landmarks: ['stG', 'stN', 'Prn', 'Cm', 'Sn', 'stA', 'ULv', 'Ls'] },
  { id: 'soft-profile-lower', outline: 'soft-lower-profile', landmarks: ['Li', 'LLv', 'stB', 'stPog', 'stGn', 'stMe'] },
];

/** One traced contour (image px of the original upload): its landmarks in order, the polyline, and per gap whether it follows the film. */
export interface FilmContour {
  readonly id: string;
  readonly landmarks: readonly LandmarkId[];
  readonly points: readonly Vec2[];
  readonly followsImage: readonly boolean[];
}

/**
 * Every CONTOUR_DEFINITIONS contour with two or more present landmarks, traced on `image`. `positions`
 * are in image px of the original upload and `scale` is `image` px per original px (a film reduced to
 * half its size: 0.5); the contours come back in original px. `grad`: the image's gradientMagnitude when at hand.
 */
export function traceFilmContours(
  image: GrayImage,
  positions: LandmarkMap<Vec2>,
  scale: number,
  grad: Float32Array = gradientMagnitude(image),
): FilmContour[] {
  return CONTOUR_DEFINITIONS.flatMap((def) => {
    const ids = def.landmarks.filter((id) => positions[id] !== undefined);
    if (ids.length < 2) return [];
    const chain = ids.map((id) => {
      const p = positions[id] as Vec2;
      return { x: p.x * scale, y: p.y * scale };
    });
    const traced = traceContour(image, chain, { grad });
    if (!traced) return [];
    // Back to original px; the chain points exactly, not through the scale and back.
    const points = traced.points.map((p) => ({ x: p.x / scale, y: p.y / scale }));
    return [{ id: def.id, landmarks: ids, points, followsImage: traced.followsImage }];
  });
}

/** The gaps (pairs of consecutive landmarks) a contour covers. */
function gapsOf(contour: FilmContour): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i < contour.landmarks.length - 1; i++) out.add(`${contour.landmarks[i]}>${contour.landmarks[i + 1]}`);
  return out;
}

/**
 * The tracing with contours (image px): each TRACING_OUTLINES outline, with the gaps that a contour of
 * `contours` covers taken out (the outline is drawn in pieces, splines as before: the first keeps the
 * outline's id, the k-th is `<id>-<k>`), then the contours
 * as polylines (`id` = the contour's). Contours whose landmarks have since moved are the caller's to
 * drop: a contour is drawn as given.
 */
export function outlinePathsWithContours(positions: LandmarkMap<Vec2>, contours: readonly FilmContour[]): OutlinePath[] {
  const covered = new Set<string>();
  for (const c of contours) {
    for (const gap of gapsOf(c)) covered.add(gap);
  }
  const out: OutlinePath[] = [];
  for (const outline of TRACING_OUTLINES) {
    const present = outline.landmarks.filter((id) => positions[id] !== undefined);
    const pieces: LandmarkId[][] = [[]];
    present.forEach((id, i) => {
      const prev = present[i - 1];
      if (prev !== undefined && covered.has(`${prev}>${id}`)) pieces.push([]);
      (pieces[pieces.length - 1] as LandmarkId[]).push(id);
    });
    pieces.forEach((piece, k) => {
      if (piece.length < 2) return;
      const pts = piece.map((id) => positions[id] as Vec2);
      const d = outline.smooth && pts.length > 2 ? splinePath(pts) : polylinePath(pts);
      // The first piece keeps the outline's id (what settings and tests address); later ones are numbered.
      const whole = pieces.length === 1;
      out.push({ id: k === 0 ? outline.id : `${outline.id}-${k}`, landmarks: piece, d: whole && outline.closed ? `${d} Z` : d });
    });
  }
  for (const c of contours) out.push({ id: c.id, landmarks: c.landmarks, d: polylinePath(c.points) });
  return out;
}

/** Whether `contour` was traced from these positions: its landmarks are all present and where its ends say (within 0.5 px). */
export function contourMatches(contour: FilmContour, positions: LandmarkMap<Vec2>): boolean {
  const first = contour.points[0];
  const last = contour.points[contour.points.length - 1];
  const a = positions[contour.landmarks[0] as LandmarkId];
  const b = positions[contour.landmarks[contour.landmarks.length - 1] as LandmarkId];
  if (!first || !last || !a || !b) return false;
  return Math.hypot(first.x - a.x, first.y - a.y) < 0.5 && Math.hypot(last.x - b.x, last.y - b.y) < 0.5;
}
