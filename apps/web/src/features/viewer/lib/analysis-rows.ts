import {
  analysisMeasurements,
  applyNormSet,
  evaluateMeasurements,
  interpretMeasurement,
  normFor,
  severityOf,
  type AnalysisDefinition,
  type Calibration,
  type ImagePoint,
  type Interpretation,
  type LandmarkId,
  type LandmarkMap,
  type MeasurementDefinition,
  type MeasurementResult,
  type NormSetSelection,
  type NormStat,
  type Sex,
  type Vec2,
} from '@ceppro/ceph';

/**
 * How far a row is from its norm, for colouring: within 1 SD `ok`, 1–2 SD `mild`, beyond 2 SD
 * `severe`; `incomplete` when landmarks are missing or the geometry is degenerate; `unrated` when
 * there is a value but no SD to compare with (no norm, range-only norm, or an uncalibrated length).
 */
export type RowLevel = 'ok' | 'mild' | 'severe' | 'incomplete' | 'unrated';

/** One line of the analysis table: a measurement, its result against the film, and its reading. */
export interface AnalysisRow {
  readonly definition: MeasurementDefinition;
  readonly result: MeasurementResult;
  readonly interpretation: Interpretation;
  /** The statistic compared against (sex-specific where known), null when the measurement has none. */
  readonly norm: NormStat | null;
  readonly level: RowLevel;
  /** The norm set the row was compared with; absent when the catalogue's norms were used as they are. */
  readonly norms?: NormSetSelection;
}

/** Landmark positions as the viewer keeps them: image pixels of the original upload. */
export type LandmarkPositions = Partial<Record<LandmarkId, Vec2>>;

/** Colour band of a z-score: |z| ≤ 1 ok, ≤ 2 mild, beyond 2 severe (docs/cephalometrics.md §4.2 bands, merged above 2). */
export function levelOfZ(z: number): 'ok' | 'mild' | 'severe' {
  const severity = severityOf(z);
  return severity === 'within' ? 'ok' : severity === 'mild' ? 'mild' : 'severe';
}

export function levelOf(result: MeasurementResult, interpretation: Interpretation): RowLevel {
  if (result.status !== 'ok') return 'incomplete';
  return interpretation.z === null ? 'unrated' : levelOfZ(interpretation.z);
}

/**
 * The viewer's positions are plain image-pixel points; the domain brands them `ImagePoint` for the
 * compiler only, so this is a type-level conversion, not a change of coordinates.
 */
function asImagePoints(positions: LandmarkPositions): LandmarkMap<ImagePoint> {
  return positions as LandmarkMap<ImagePoint>;
}

/** Evaluate and interpret every measurement of `analysis` on image-pixel landmarks. */
export function buildAnalysisRows(
  analysis: AnalysisDefinition,
  positions: LandmarkPositions,
  calibration: Calibration,
  sex?: Sex,
  norms?: NormSetSelection,
): AnalysisRow[] {
  // The chosen norm set's values (packages/ceph `applyNormSet`); the catalogue's when none is given.
  const definitions = norms === undefined ? analysisMeasurements(analysis) : applyNormSet(analysisMeasurements(analysis), norms);
  const results = evaluateMeasurements(definitions, asImagePoints(positions), calibration);
  return definitions.map((definition, i) => {
    const result = results[i] as MeasurementResult;
    const interpretation = interpretMeasurement(definition, result, sex);
    const row = { definition, result, interpretation, norm: normFor(definition, sex), level: levelOf(result, interpretation) };
    return norms === undefined ? row : { ...row, norms };
  });
}

/**
 * `buildAnalysisRows`, memoised per positions object: the landmark store hands out a new object
 * only when a position changes, so rows are computed once per change however many components
 * (table, highlight layer) read them. Old position objects are dropped with the WeakMap.
 */
const cache = new WeakMap<
  LandmarkPositions,
  Map<
    string,
    {
      calibration: Calibration;
      sex: Sex | undefined;
      norms: NormSetSelection | undefined;
      analysis: AnalysisDefinition;
      rows: AnalysisRow[];
    }
  >
>();

export function analysisRowsFor(
  analysis: AnalysisDefinition,
  positions: LandmarkPositions,
  calibration: Calibration,
  sex?: Sex,
  norms?: NormSetSelection,
): AnalysisRow[] {
  let byAnalysis = cache.get(positions);
  if (byAnalysis === undefined) {
    byAnalysis = new Map();
    cache.set(positions, byAnalysis);
  }
  const hit = byAnalysis.get(analysis.id);
  if (hit && hit.calibration === calibration && hit.sex === sex && hit.norms === norms && hit.analysis === analysis) return hit.rows;
  const rows = buildAnalysisRows(analysis, positions, calibration, sex, norms);
  byAnalysis.set(analysis.id, { calibration, sex, norms, analysis, rows });
  return rows;
}

/** Missing landmarks over all incomplete rows, each once, in row order (for guided placement). */
export function missingLandmarks(rows: readonly AnalysisRow[]): LandmarkId[] {
  const out = new Set<LandmarkId>();
  for (const row of rows) if (row.result.status === 'incomplete') row.result.missing.forEach((id) => out.add(id));
  return [...out];
}
