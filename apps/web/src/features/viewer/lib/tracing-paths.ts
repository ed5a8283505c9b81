import { LINE_TYPE_GROUPS, outlinePaths, toothOutlinePaths, type ImagePoint, type LandmarkId, type LandmarkMap } from '@ceppro/ceph';
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

export function tracingPaths(positions: LandmarkMap<ImagePoint>): TracingPath[] {
  // Then the incisor outlines, templates fitted to each incisor's apex and tip (packages/ceph tooth-templates.ts).
  return [...outlinePaths(positions), ...toothOutlinePaths(positions)].map((path) => ({
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
