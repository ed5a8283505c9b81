import { useMemo } from 'react';
import { useFilmCalibration } from '../../hooks/use-film-calibration.ts';
import { useLandmarkPositions } from '../../store/landmark-store.ts';
import { vtoMeasurementRows, type VtoMeasurementRow } from '../lib/vto-measurements.ts';
import type { VtoPrediction } from './use-vto-prediction.ts';

/** Today's and the predicted measurements for a prediction (empty until it is computed). */
export function useVtoMeasurements(prediction: VtoPrediction): VtoMeasurementRow[] {
  const positions = useLandmarkPositions();
  const { calibration } = useFilmCalibration();
  return useMemo(
    () => (prediction.status === 'ok' ? vtoMeasurementRows(positions, prediction.result.landmarks, calibration) : []),
    [prediction, positions, calibration],
  );
}
