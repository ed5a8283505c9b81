import type { LandmarkId } from '../landmarks/types.ts';

/**
 * A point used by a construction: a registry landmark, the midpoint of two points, or the most
 * protrusive of several candidates seen from `from` (the candidate whose line from `from` leaves every
 * other candidate behind it, e.g. Merrifield's "most protrusive lip" seen from Pog′). Rotation-invariant.
 */
export type PointRef =
  | LandmarkId
  | { readonly mid: readonly [PointRef, PointRef] }
  | { readonly mostProtrusive: readonly PointRef[]; readonly from: PointRef };

/** A directed vector / line from `from` to `to` (e.g. Po→Or for Frankfort horizontal). */
export interface VectorRef {
  readonly from: PointRef;
  readonly to: PointRef;
}

/**
 * A measurement construction over landmarks, evaluated in the patient frame (x anterior, y superior,
 * mm or px). Notation of reference §0: `vertex-angle` = ∠(a, vertex, b); `angle` = ang(u, w);
 * `signed-angle` = sang(u, w); `acute-angle` = acute(u, w); `signed-distance` = sd(point; line);
 * `projection` = along(to − from; û) with û = unit(direction), or û rotated +90° (anterior → superior)
 * when `perpendicular`; `ratio` = factor·numerator/denominator; `linear` = constant + Σ coefficient·term;
 * `signed-by-side` = |magnitude| signed by sd(point; line) − sd(relativeTo; line) (≥ 0 → +).
 */
export type Construction =
  | { readonly kind: 'vertex-angle'; readonly a: PointRef; readonly vertex: PointRef; readonly b: PointRef }
  | { readonly kind: 'angle'; readonly u: VectorRef; readonly w: VectorRef }
  | { readonly kind: 'signed-angle'; readonly u: VectorRef; readonly w: VectorRef }
  | { readonly kind: 'acute-angle'; readonly u: VectorRef; readonly w: VectorRef }
  | { readonly kind: 'distance'; readonly a: PointRef; readonly b: PointRef }
  | { readonly kind: 'signed-distance'; readonly point: PointRef; readonly line: VectorRef }
  | {
      readonly kind: 'projection';
      readonly from: PointRef;
      readonly to: PointRef;
      readonly direction: VectorRef;
      readonly perpendicular: boolean;
    }
  | { readonly kind: 'ratio'; readonly numerator: Construction; readonly denominator: Construction; readonly factor: number }
  | {
      readonly kind: 'linear';
      readonly terms: readonly { readonly coefficient: number; readonly of: Construction }[];
      readonly constant: number;
    }
  | {
      readonly kind: 'signed-by-side';
      readonly magnitude: Construction;
      readonly point: PointRef;
      readonly relativeTo: PointRef | null;
      readonly line: VectorRef;
    };

/** Unit a measurement is defined in. `mm` is reported as `px` (flagged) when the film is uncalibrated. */
export type MeasurementUnit = 'deg' | 'mm' | 'ratio' | '%';

/** Reliability mark of a norm, as in reference §0 (✔✔ two sources, ✔ one, ◦ textbook unchecked). */
export type NormCheck = 'two-sources' | 'one-source' | 'unchecked';

/** Mean with optional SD and range, in the measurement's unit. */
export interface NormStat {
  readonly mean: number;
  readonly sd: number | null;
  readonly range: readonly [number, number] | null;
}

/** A population norm: a statistic, not a diagnosis. `bySex` overrides the main statistic when the sex is known. */
export interface Norm extends NormStat {
  readonly source: string;
  readonly check: NormCheck;
  readonly bySex?: { readonly female: NormStat; readonly male: NormStat };
  readonly note?: string;
}

/** One measurement as data: a stable id, a construction over landmarks, its norm and reading words. */
export interface MeasurementDefinition {
  /** Stable id, e.g. `SNA`, `FMIA`, `WITS`. Never renamed once shipped. */
  readonly id: string;
  readonly name: string;
  readonly unit: MeasurementUnit;
  readonly construction: Construction;
  readonly norm: Norm | null;
  /** Words for a value above the norm. */
  readonly increased: string;
  /** Words for a value below the norm. */
  readonly decreased: string;
  /** Caveats (proxies, plane variants, age/sex dependence). */
  readonly note?: string;
}

/** A named analysis: an ordered list of measurement ids from the catalogue. */
export interface AnalysisDefinition {
  readonly id: string;
  readonly name: string;
  readonly source: string;
  readonly measurementIds: readonly string[];
}
