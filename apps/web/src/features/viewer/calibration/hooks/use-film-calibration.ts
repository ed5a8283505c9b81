import { useMemo } from 'react';
import { useAnalysisUserConfig } from '../../analysis/api/use-analysis-user-config.ts';
import { useLandmarkStore } from '../../store/landmark-store.ts';
import { useRuler } from '../api/use-ruler.ts';
import { resolveCalibration, type ResolvedCalibration } from '../lib/calibration-source.ts';

/**
 * The open film's calibration: its ruler, else the user's default PPM, else none. The returned
 * object only changes when one of those does, so measurements memoised on it stay cached.
 * `pending` while either source is still loading (the panel then avoids flashing "uncalibrated").
 */
export function useFilmCalibration(): ResolvedCalibration & { pending: boolean } {
  const recordId = useLandmarkStore((s) => s.recordId);
  const ruler = useRuler(recordId);
  const config = useAnalysisUserConfig();
  const rulerInfo = ruler.data ?? null;
  const defaultPpm = config.data?.default_ppm ?? null;
  const pending = (recordId !== null && ruler.isPending) || config.isPending;
  return useMemo(() => ({ ...resolveCalibration(rulerInfo, defaultPpm), pending }), [rulerInfo, defaultPpm, pending]);
}
