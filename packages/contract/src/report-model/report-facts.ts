import { fillLabel, type ReportLabels } from '../report-labels';
import type { ReportModel } from './schema';

/**
 * The patient facts as both renderers print them, so paper from the browser and the PDF agree; an
 * unknown fact (the CLI without `--birth` / `--sex`) prints "-", never an invented value.
 */

/** "2012-06-01 (13 y)", the date alone when no age follows from it, "-" when unknown. */
export function reportBirthText(patient: ReportModel['patient'], labels: Pick<ReportLabels, 'ageValue'>): string {
  if (patient.birthDate === null) return '-';
  return patient.age === null ? patient.birthDate : `${patient.birthDate} (${fillLabel(labels.ageValue, { age: patient.age })})`;
}

/** "Female" / "Male" in the report's language, "-" when unknown. */
export function reportGenderText(patient: ReportModel['patient'], labels: Pick<ReportLabels, 'female' | 'male'>): string {
  return patient.gender === null ? '-' : patient.gender === 'F' ? labels.female : labels.male;
}

/**
 * The chart as a clinic knows it: its place in the patient's history ("2 of 3", beside the patient ID
 * and the shoot date), never the internal UUID; "-" when unknown (the CLI).
 */
export function reportChartText(chart: ReportModel['chart'], labels: Pick<ReportLabels, 'chartOf'>): string {
  const sequence = chart.sequence ?? null;
  return sequence === null ? '-' : fillLabel(labels.chartOf, { n: sequence.n, m: sequence.of });
}
