import {
  evaluateMeasurements,
  getMeasurement,
  type Calibration,
  type ImagePoint,
  type LandmarkMap,
  type MeasurementDefinition,
  type MeasurementResult,
} from '@ceppro/ceph';
import { VTO_MEASUREMENT_IDS } from '@ceppro/contract';

/** Today's and the predicted value of each `VTO_MEASUREMENT_IDS` measurement (computed, never stored). */
export interface VtoMeasurementRow {
  readonly definition: MeasurementDefinition;
  readonly today: MeasurementResult;
  readonly predicted: MeasurementResult;
  /** predicted − today, in the reported unit; null unless both are computed. */
  readonly change: number | null;
}

export function vtoMeasurementRows(
  today: LandmarkMap<ImagePoint>,
  predicted: LandmarkMap<ImagePoint>,
  calibration: Calibration,
): VtoMeasurementRow[] {
  const definitions = VTO_MEASUREMENT_IDS.map((id) => getMeasurement(id)).filter((d): d is MeasurementDefinition => d !== undefined);
  const before = evaluateMeasurements(definitions, today, calibration);
  const after = evaluateMeasurements(definitions, predicted, calibration);
  return definitions.map((definition, i) => {
    const t = before[i] as MeasurementResult;
    const p = after[i] as MeasurementResult;
    return { definition, today: t, predicted: p, change: t.status === 'ok' && p.status === 'ok' ? p.value - t.value : null };
  });
}
