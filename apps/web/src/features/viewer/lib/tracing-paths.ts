import {
  LINE_TYPE_GROUPS,
  outlinePathsWithContours,
  templatePaths,
  type FilmContour,
  type ImagePoint,
  type LandmarkId,
  type LandmarkMap,
} from '@ceppro/ceph';
import { outlineTissue, type Tissue } from './viewer-appearance.ts';

/**
 * The tracing layer's paths, in image px: packages/ceph `outlinePaths` (the one spline the print
 * and the server's PDF draw too), each with the tissue whose Settings colour and size it takes.
 */
export interface TracingPath {
  readonly id: string;
  readonly d: string;
  /** Drawn in this tissue's Settings colour and size. */
  readonly tissue: Tissue;
}

/**
 * `contours`: image-following contours (hooks/use-film-contours.ts) that replace the landmark curve on
 * the gaps they cover. `templates`: add the tooth templates as fitted (scale from the incisor length);
 * the viewer's tracing layer draws them itself, movable, and asks for none.
 */
export function tracingPaths(
  positions: LandmarkMap<ImagePoint>,
  options: { readonly contours?: readonly FilmContour[]; readonly templates?: boolean } = {},
): TracingPath[] {
  // The landmark outlines (and contours), then the incisor and molar templates (packages/ceph tooth-templates.ts, molar-templates.ts).
  const templates = options.templates === false ? [] : templatePaths(positions, null);
  return [...outlinePathsWithContours(positions, options.contours ?? []), ...templates].map((path) => ({
    id: path.id,
    d: path.d,
    tissue: outlineTissue(path.landmarks),
  }));
}

/**
 * Landmarks the line-type groups draw as a dot on the tracing (the `dot` and `lineAndDot` kinds:
 * molars, premolars, incisor tips and apices), so the tracing shows the teeth with landmarks hidden.
 */
export function tracingDots(positions: LandmarkMap<ImagePoint>): { id: LandmarkId; point: ImagePoint }[] {
  const ids: readonly LandmarkId[] = [...LINE_TYPE_GROUPS.dot, ...LINE_TYPE_GROUPS.lineAndDot];
  return ids.flatMap((id) => {
    const point = positions[id];
    return point ? [{ id, point }] : [];
  });
}
