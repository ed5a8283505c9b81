import type { AnalysisDefinition, Interpretation, MeasurementDefinition } from '@ceppro/ceph';
import {
  analysisName as vocabularyAnalysisName,
  interpretationText as vocabularyInterpretation,
  measurementName as vocabularyMeasurementName,
  measurementWords,
  vtoPointLabel,
  type InterpretationKey,
  type ReportLabels,
  type ReportLang,
} from '@ceppro/contract';

/**
 * Clinical names in the report's language, from the shared clinical vocabulary
 * (packages/contract/src/clinical-vocabulary, the viewer reads the same words): measurement and
 * analysis names, the severity of a deviation and the clinical words of its direction.
 */
export function measurementName(def: MeasurementDefinition, lang: ReportLang): string {
  return vocabularyMeasurementName(def.id, lang);
}

/** A built-in analysis by its name in `lang`; a user's group keeps its own name. */
export function analysisName(analysis: AnalysisDefinition, lang: ReportLang): string {
  return analysis.id === 'custom' ? analysis.name : vocabularyAnalysisName(analysis.id, lang, analysis.name);
}

/** VTO/STO movement point label. */
export function vtoPoint(key: string, lang: ReportLang): string {
  return vtoPointLabel(key, lang);
}

const SEVERITY: Record<'mild' | 'moderate' | 'severe', readonly [InterpretationKey, InterpretationKey]> = {
  mild: ['mildlyIncreased', 'mildlyDecreased'],
  moderate: ['moderatelyIncreased', 'moderatelyDecreased'],
  severe: ['severelyIncreased', 'severelyDecreased'],
};

/** Sentence case for a table cell (no change for scripts without case). */
const capital = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** The interpretation cell: severity (or the range position) and, outside the norm, the clinical words. */
export function interpretationText(def: MeasurementDefinition, reading: Interpretation, lang: ReportLang, labels: ReportLabels): string {
  const direction = reading.z !== null ? (reading.z > 0 ? 'increased' : 'decreased') : reading.range === 'above' ? 'increased' : 'decreased';
  const words = reading.words === null ? null : (measurementWords(def.id, direction, lang) ?? reading.words);
  const withWords = (deviation: string) => capital(words === null ? deviation : vocabularyInterpretation('withWords', lang, { deviation, words }));
  if (reading.severity !== null && reading.z !== null) {
    if (reading.severity === 'within') return capital(vocabularyInterpretation('within', lang));
    const [up, down] = SEVERITY[reading.severity];
    return withWords(vocabularyInterpretation(reading.z > 0 ? up : down, lang));
  }
  if (reading.range === 'inside') return labels.withinRange;
  if (reading.range !== null) return withWords(reading.range === 'above' ? labels.aboveRange : labels.belowRange);
  return '';
}
