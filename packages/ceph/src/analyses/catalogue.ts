import { BJORK_JARABAK, BJORK_JARABAK_MEASUREMENTS } from './bjork-jarabak.ts';
import { DOWNS, DOWNS_MEASUREMENTS } from './downs.ts';
import { GENERAL, GENERAL_MEASUREMENTS } from './general.ts';
import { MCNAMARA, MCNAMARA_MEASUREMENTS } from './mcnamara.ts';
import { RICKETTS, RICKETTS_MEASUREMENTS } from './ricketts.ts';
import { HOLDAWAY, HOLDAWAY_MEASUREMENTS, LEGAN_BURSTONE, LEGAN_BURSTONE_MEASUREMENTS } from './soft-tissue.ts';
import { STEINER, STEINER_MEASUREMENTS } from './steiner.ts';
import { TWEED, TWEED_MEASUREMENTS } from './tweed.ts';
import type { AnalysisDefinition, MeasurementDefinition } from './types.ts';
import { WITS, WITS_MEASUREMENTS } from './wits.ts';

/** Every measurement the engine knows, each id exactly once (a test checks uniqueness). */
export const MEASUREMENTS: readonly MeasurementDefinition[] = [
  ...STEINER_MEASUREMENTS,
  ...DOWNS_MEASUREMENTS,
  ...TWEED_MEASUREMENTS,
  ...MCNAMARA_MEASUREMENTS,
  ...RICKETTS_MEASUREMENTS,
  ...BJORK_JARABAK_MEASUREMENTS,
  ...WITS_MEASUREMENTS,
  ...LEGAN_BURSTONE_MEASUREMENTS,
  ...HOLDAWAY_MEASUREMENTS,
  ...GENERAL_MEASUREMENTS,
];

/** The built-in analyses, in menu order. */
export const ANALYSES: readonly AnalysisDefinition[] = [
  STEINER,
  DOWNS,
  TWEED,
  MCNAMARA,
  RICKETTS,
  BJORK_JARABAK,
  WITS,
  LEGAN_BURSTONE,
  HOLDAWAY,
  GENERAL,
];

const MEASUREMENT_BY_ID = new Map(MEASUREMENTS.map((d) => [d.id, d]));
const ANALYSIS_BY_ID = new Map(ANALYSES.map((a) => [a.id, a]));

/** Measurement definition by stable id, or `undefined`. */
export function getMeasurement(id: string): MeasurementDefinition | undefined {
  return MEASUREMENT_BY_ID.get(id);
}

/** Analysis definition by id (`steiner`, `downs`, ...), or `undefined`. */
export function getAnalysis(id: string): AnalysisDefinition | undefined {
  return ANALYSIS_BY_ID.get(id);
}

/** The measurement definitions of an analysis, in its order (ids are validated by a test). */
export function analysisMeasurements(analysis: AnalysisDefinition): MeasurementDefinition[] {
  return analysis.measurementIds.map((id) => MEASUREMENT_BY_ID.get(id)).filter((d): d is MeasurementDefinition => d !== undefined);
}

/** Measurements of several analyses, each id once, first occurrence order. */
export function measurementsOfAnalyses(analyses: readonly AnalysisDefinition[]): MeasurementDefinition[] {
  const seen = new Set<string>();
  const out: MeasurementDefinition[] = [];
  for (const a of analyses) {
    for (const d of analysisMeasurements(a)) {
      if (!seen.has(d.id)) {
        seen.add(d.id);
        out.push(d);
      }
    }
  }
  return out;
}
