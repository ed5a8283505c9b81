import type { Interpretation, MeasurementDefinition } from '@ceppro/ceph';
import type { ReportLabels, ReportLang } from '@ceppro/contract';

/**
 * Clinical names in the report's language: the one place the report asks for a measurement's name
 * and its interpretation. The severity wording comes from the report's own labels; the measurement
 * names and the clinical words of a direction ("prognathic maxilla") stay as packages/ceph writes
 * them (English) until the shared clinical vocabulary covers them.
 */
export function measurementName(def: MeasurementDefinition, _lang: ReportLang): string {
  return def.name;
}

const SEVERITY_KEYS = {
  mild: ['mildlyIncreased', 'mildlyDecreased'],
  moderate: ['moderatelyIncreased', 'moderatelyDecreased'],
  severe: ['severelyIncreased', 'severelyDecreased'],
} as const;

/** The interpretation cell: severity (or range position) and, outside the norm, the clinical words. */
export function interpretationText(def: MeasurementDefinition, reading: Interpretation, _lang: ReportLang, labels: ReportLabels): string {
  const words = reading.words === null ? '' : ` (${reading.words})`;
  if (reading.severity !== null && reading.z !== null) {
    if (reading.severity === 'within') return labels.withinNorm;
    const [up, down] = SEVERITY_KEYS[reading.severity];
    return `${labels[reading.z > 0 ? up : down]}${words}`;
  }
  if (reading.range === 'inside') return labels.withinRange;
  if (reading.range !== null) return `${reading.range === 'above' ? labels.aboveRange : labels.belowRange}${words}`;
  void def;
  return '';
}
