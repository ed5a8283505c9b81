import { simulatePlan, softTissueRulesWithRatios, type PlanPrediction } from '@ceppro/ceph';
import { useMemo } from 'react';
import { useFilmCalibration } from '../../hooks/use-film-calibration.ts';
import { useLandmarkPositions } from '../../store/landmark-store.ts';
import { useVtoStore } from '../store/vto-store.ts';

export type VtoPrediction =
  | { status: 'ok'; result: PlanPrediction }
  | { status: 'uncalibrated' | 'no-landmarks' | 'pending' }
  | { status: 'failed'; error: string };

/**
 * The plan's prediction on today's landmarks (packages/ceph `simulatePlan`: the VTO table with the
 * chosen ratios, or the surgical set-up; either with the mandible's autorotation when asked),
 * recomputed only when the landmarks, the calibration or the plan's choices change.
 */
export function useVtoPrediction(): VtoPrediction {
  const positions = useLandmarkPositions();
  const { calibration, pending } = useFilmCalibration();
  const movements = useVtoStore((s) => s.plan.movements);
  const ratios = useVtoStore((s) => s.plan.ratios);
  const mode = useVtoStore((s) => s.plan.mode);
  const surgery = useVtoStore((s) => s.plan.surgery);
  const surgicalRatios = useVtoStore((s) => s.plan.surgicalRatios);
  const autorotation = useVtoStore((s) => s.plan.autorotation);
  return useMemo((): VtoPrediction => {
    if (Object.keys(positions).length === 0) return { status: 'no-landmarks' };
    if (calibration.kind !== 'calibrated') return pending ? { status: 'pending' } : { status: 'uncalibrated' };
    const rules = softTissueRulesWithRatios(ratios);
    const run = simulatePlan(positions, calibration, { mode, movements, rules, surgery, surgicalRatios, autorotation });
    return run.ok ? { status: 'ok', result: run.result } : { status: 'failed', error: run.error };
  }, [positions, calibration, pending, movements, ratios, mode, surgery, surgicalRatios, autorotation]);
}
