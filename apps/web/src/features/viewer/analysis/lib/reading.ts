import { severityOf } from '@ceppro/ceph';
import type { InterpretationKey } from '@ceppro/contract';
import type { AnalysisRow } from '../../lib/analysis-rows.ts';

const SEVERITY_ADVERB = { mild: 'mildly', moderate: 'moderately', severe: 'severely' } as const;

/**
 * Keys of the deviation words, all of the clinical vocabulary (`interpretation.*`), so the viewer, the
 * print layout and the PDF read the same words.
 */
export type ReadingKey = Extract<
  InterpretationKey,
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
  | 'uncalibrated'
  | 'noSd'
  | 'noNorm'
>;

/**
 * A row's reading: the deviation word key, the catalogue's English direction words, and which way the
 * value lies from the norm (`direction`, for the words in the interface language via the clinical vocabulary).
 */
export interface RowReading {
  key: ReadingKey;
  words: string | null;
  direction: 'increased' | 'decreased' | null;
}

/**
 * How a row reads against its norm: a translated deviation word (docs/cephalometrics.md §4.2 bands, or the
 * position in a range-only norm) plus the measurement's clinical direction words from the
 * catalogue (English domain text), or null for an incomplete row.
 */
export function rowReading(row: AnalysisRow): RowReading | null {
  const { result, interpretation, norm } = row;
  if (result.status !== 'ok') return null;
  if (result.uncalibrated && norm !== null) return { key: 'uncalibrated', words: null, direction: null };
  if (interpretation.z !== null) {
    const severity = severityOf(interpretation.z);
    if (severity === 'within') return { key: 'within', words: null, direction: null };
    const up = interpretation.z > 0;
    const key = `${SEVERITY_ADVERB[severity]}${up ? 'Increased' : 'Decreased'}` as ReadingKey;
    return { key, words: interpretation.words, direction: up ? 'increased' : 'decreased' };
  }
  if (interpretation.range !== null) {
    const key = interpretation.range === 'below' ? 'belowRange' : interpretation.range === 'above' ? 'aboveRange' : 'insideRange';
    const direction = interpretation.range === 'above' ? 'increased' : interpretation.range === 'below' ? 'decreased' : null;
    return { key, words: interpretation.words, direction };
  }
  return { key: norm === null ? 'noNorm' : 'noSd', words: null, direction: null };
}

/** The reading's direction words in the interface language (`names` = `useClinicalNames()`), or null. */
export function readingWords(
  reading: RowReading | null,
  measurementId: string,
  names: { words(id: string, direction: 'increased' | 'decreased', fallback: string | null): string | null },
): string | null {
  if (reading === null || reading.words === null) return null;
  return reading.direction === null ? reading.words : names.words(measurementId, reading.direction, reading.words);
}
