import { severityOf } from '@ceppro/ceph';
import type { AnalysisRow } from './analysis-rows.ts';

/** i18n keys (under `analysis.`) of the deviation words. */
export type ReadingKey =
  | 'within'
  | 'mildlyIncreased'
  | 'mildlyDecreased'
  | 'moderatelyIncreased'
  | 'moderatelyDecreased'
  | 'severelyIncreased'
  | 'severelyDecreased'
  | 'belowRange'
  | 'insideRange'
  | 'aboveRange'
  | 'uncalibratedReading'
  | 'noSd'
  | 'noNorm';

/**
 * How a row reads against its norm: a translated deviation word (reference §4.2 bands, or the
 * position in a range-only norm) plus the measurement's clinical direction words from the
 * catalogue (English domain text), or null for an incomplete row.
 */
export function rowReading(row: AnalysisRow): { key: ReadingKey; words: string | null } | null {
  const { result, interpretation, norm } = row;
  if (result.status !== 'ok') return null;
  if (result.uncalibrated && norm !== null) return { key: 'uncalibratedReading', words: null };
  if (interpretation.z !== null) {
    const severity = severityOf(interpretation.z);
    if (severity === 'within') return { key: 'within', words: null };
    const up = interpretation.z > 0;
    const key = `${severity === 'mild' ? 'mildly' : severity === 'moderate' ? 'moderately' : 'severely'}${up ? 'Increased' : 'Decreased'}` as ReadingKey;
    return { key, words: interpretation.words };
  }
  if (interpretation.range !== null) {
    const key = interpretation.range === 'below' ? 'belowRange' : interpretation.range === 'above' ? 'aboveRange' : 'insideRange';
    return { key, words: interpretation.words };
  }
  return { key: norm === null ? 'noNorm' : 'noSd', words: null };
}
