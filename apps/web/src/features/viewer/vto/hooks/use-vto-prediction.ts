import { simulateVto, softTissueRulesWithRatios, type VtoResult } from '@ceppro/ceph';
import { useMemo } from 'react';
import { useFilmCalibration } from '../../hooks/use-film-calibration.ts';
import { useLandmarkPositions } from '../../store/landmark-store.ts';
import { useVtoStore } from '../store/vto-store.ts';

export type VtoPrediction =
  | { status: 'ok'; result: VtoResult }
  | { status: 'uncalibrated' | 'no-landmarks' | 'pending' }
  | { status: 'failed'; error: string };

/**
 * The plan's prediction on today's landmarks (packages/ceph `simulateVto` with the chosen ratios),
 * recomputed only when the landmarks, the calibration, the table or the ratios change.
 */
export function useVtoPrediction(): VtoPrediction {
  const positions = useLandmarkPositions();
  const { calibration, pending } = useFilmCalibration();
  const movements = useVtoStore((s) => s.plan.movements);
  const ratios = useVtoStore((s) => s.plan.ratios);
  return useMemo((): VtoPrediction => {
    if (Object.keys(positions).length === 0) return { status: 'no-landmarks' };
    if (calibration.kind !== 'calibrated') return pending ? { status: 'pending' } : { status: 'uncalibrated' };
    const run = simulateVto(positions, calibration, movements, softTissueRulesWithRatios(ratios));
    return run.ok ? { status: 'ok', result: run.result } : { status: 'failed', error: run.error };
  }, [positions, calibration, pending, movements, ratios]);
}
