import {
  interpretMeasurement,
  normFor,
  type AnalysisDefinition,
  type Interpretation,
  type MeasurementDefinition,
  type MeasurementResult,
  type Sex,
} from '@ceppro/ceph';
import {
  analysisName as vocabularyAnalysisName,
  interpretationText as vocabularyInterpretation,
  measurementName as vocabularyMeasurementName,
  measurementNote,
  measurementWords,
  normNote,
} from '../clinical-vocabulary/index';
import type { InterpretationKey } from '../clinical-vocabulary/types';
import { fillLabel, type ReportLabels, type ReportLang } from '../report-labels';
import { reportLandmarkLabel } from './report-sources';
import type { ReportRow } from './schema';

/**
 * The analysis table's rows in the report's language: names, interpretation words and deviation
 * severities from the shared clinical vocabulary (packages/contract/src/clinical-vocabulary, the
 * viewer reads the same words); numbers with the viewer's display rules, so paper and screen agree.
 */

export function reportMeasurementName(def: MeasurementDefinition, lang: ReportLang): string {
  return vocabularyMeasurementName(def.id, lang);
}

/** A built-in analysis by its name in `lang`; a user's group keeps its own name. */
export function reportAnalysisName(analysis: AnalysisDefinition, lang: ReportLang): string {
  return analysis.id === 'custom' ? analysis.name : vocabularyAnalysisName(analysis.id, lang, analysis.name);
}

const SEVERITY: Record<'mild' | 'moderate' | 'severe', readonly [InterpretationKey, InterpretationKey]> = {
  mild: ['mildlyIncreased', 'mildlyDecreased'],
  moderate: ['moderatelyIncreased', 'moderatelyDecreased'],
  severe: ['severelyIncreased', 'severelyDecreased'],
};

/** Sentence case for a table cell (no change for scripts without case). */
const capital = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** The interpretation cell: severity (or the range position) and, outside the norm, the clinical words. */
export function reportInterpretation(def: MeasurementDefinition, reading: Interpretation, lang: ReportLang, labels: ReportLabels): string {
  const up = reading.z !== null ? reading.z > 0 : reading.range === 'above';
  const direction = up ? 'increased' : 'decreased';
  const words = reading.words === null ? null : (measurementWords(def.id, direction, lang) ?? reading.words);
  const withWords = (deviation: string) =>
    capital(words === null ? deviation : vocabularyInterpretation('withWords', lang, { deviation, words }));
  if (reading.severity !== null && reading.z !== null) {
    if (reading.severity === 'within') return capital(vocabularyInterpretation('within', lang));
    const [up, down] = SEVERITY[reading.severity];
    return withWords(vocabularyInterpretation(reading.z > 0 ? up : down, lang));
  }
  if (reading.range === 'inside') return labels.withinRange;
  if (reading.range !== null) return withWords(reading.range === 'above' ? labels.aboveRange : labels.belowRange);
  return '';
}

export const REPORT_UNIT_SUFFIX: Readonly<Record<string, string>> = { deg: '\u00b0', mm: ' mm', px: ' px', ratio: '', '%': '%' };

/** Display rules of the viewer's analysis table (0.1 for angles and lengths, 0.01 for ratios). */
const digits = (unit: string) => (unit === 'ratio' ? 2 : 1);

/** A value with its unit ("90.0°", "4.2 mm"); never "-0.0". */
export function formatReportValue(value: number, unit: string): string {
  const text = value.toFixed(digits(unit));
  return `${/^-0\.?0*$/.test(text) ? text.slice(1) : text}${REPORT_UNIT_SUFFIX[unit] ?? ''}`;
}

const plain = (n: number, unit: string) => (Number.isInteger(n) ? String(n) : n.toFixed(digits(unit)));

function formatZ(z: number): string {
  const text = Math.abs(z).toFixed(2);
  return text === '0.00' ? '0.00 SD' : `${z > 0 ? '+' : '-'}${text} SD`;
}

/** One row of the analysis table: value, norm (mean ± SD, or range), deviation in SD and interpretation. */
export function reportRow(
  def: MeasurementDefinition,
  result: MeasurementResult,
  sex: Sex | undefined,
  lang: ReportLang,
  labels: ReportLabels,
): ReportRow {
  const stat = normFor(def, sex);
  const symbol = REPORT_UNIT_SUFFIX[def.unit] ?? '';
  const norm =
    stat === null
      ? '-'
      : stat.sd !== null
        ? `${plain(stat.mean, def.unit)} \u00b1 ${plain(stat.sd, def.unit)}${symbol}`
        : stat.range !== null
          ? `${plain(stat.range[0], def.unit)}\u2013${plain(stat.range[1], def.unit)}${symbol}`
          : `${plain(stat.mean, def.unit)}${symbol}`;
  const notes = { note: measurementNote(def.id, lang), normNote: normNote(def.id, lang) };
  const base = { id: def.id, name: reportMeasurementName(def, lang), norm, ...notes };
  if (result.status === 'incomplete') {
    return {
      ...base,
      value: '-',
      deviation: '',
      interpretation: fillLabel(labels.incomplete, { missing: result.missing.map(reportLandmarkLabel).join(', ') }),
    };
  }
  if (result.status === 'not-computable') return { ...base, value: '-', deviation: '', interpretation: labels.notComputable };
  const value = formatReportValue(result.value, result.unit);
  if (result.uncalibrated) return { ...base, value, deviation: '', interpretation: labels.uncalibratedNoNorm };
  const reading = interpretMeasurement(def, result, sex);
  const deviation = reading.z === null ? '' : formatZ(reading.z);
  return { ...base, value, deviation, interpretation: reportInterpretation(def, reading, lang, labels) };
}
