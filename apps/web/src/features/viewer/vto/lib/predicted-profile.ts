import { SOFT_TISSUE_RATIO_GROUPS, type ImagePoint, type LandmarkId, type LandmarkMap, type VtoResult } from '@ceppro/ceph';
import { tracingPaths, type TracingPath } from '../../lib/tracing-paths.ts';

/** The predicted tracing: every outline through the predicted landmarks (image px of the film). */
export function predictedPaths(result: Pick<VtoResult, 'landmarks'>): TracingPath[] {
  return tracingPaths(result.landmarks);
}

/** Soft-tissue points that follow the hard tissue by a ratio, with today's and the predicted position. */
export interface SoftPointMove {
  readonly id: LandmarkId;
  readonly group: string;
  readonly from: ImagePoint;
  readonly to: ImagePoint;
  /** Displacement in the patient frame, mm (x anterior, y superior). */
  readonly mm: { readonly x: number; readonly y: number };
}

export function softPointMoves(today: LandmarkMap<ImagePoint>, result: Pick<VtoResult, 'landmarks' | 'displacementsMm'>): SoftPointMove[] {
  return SOFT_TISSUE_RATIO_GROUPS.flatMap((g) =>
    g.soft.flatMap((id) => {
      const from = today[id];
      const to = result.landmarks[id];
      const mm = result.displacementsMm[id];
      return from && to && mm ? [{ id, group: g.id, from, to, mm }] : [];
    }),
  );
}
