import { evaluateMeasurements, getMeasurement, type Calibration, type ImagePoint, type LandmarkMap, type MeasurementDefinition, type MeasurementResult } from '@ceppro/ceph';

/**
 * The measurements shown before and after a VTO/STO plan (computed with packages/ceph on today's and
 * on the predicted landmarks; never stored): skeletal (SNA, SNB, ANB, FMA), dental (U1–SN, IMPA,
 * interincisal) and soft tissue (lips to E-line, Legan–Burstone lip protrusion, H-angle).
 */
export const VTO_MEASUREMENT_IDS = ['SNA', 'SNB', 'ANB', 'FMA', 'U1_SN', 'IMPA', 'INTERINCISAL', 'UPPER_LIP_E', 'LOWER_LIP_E', 'LB_UPPER_LIP', 'LB_LOWER_LIP', 'H_ANGLE'] as const;

export interface VtoMeasurementRow {
  readonly definition: MeasurementDefinition;
  readonly today: MeasurementResult;
  readonly predicted: MeasurementResult;
  /** predicted − today, in the reported unit; null unless both are computed. */
  readonly change: number | null;
}

export function vtoMeasurementRows(today: LandmarkMap<ImagePoint>, predicted: LandmarkMap<ImagePoint>, calibration: Calibration): VtoMeasurementRow[] {
  const definitions = VTO_MEASUREMENT_IDS.map((id) => getMeasurement(id)).filter((d): d is MeasurementDefinition => d !== undefined);
  const before = evaluateMeasurements(definitions, today, calibration);
  const after = evaluateMeasurements(definitions, predicted, calibration);
  return definitions.map((definition, i) => {
    const t = before[i] as MeasurementResult;
    const p = after[i] as MeasurementResult;
    return { definition, today: t, predicted: p, change: t.status === 'ok' && p.status === 'ok' ? p.value - t.value : null };
  });
}
