import { POPULATIONS, selectNormSet, type NormSetSelection, type Population } from '@ceppro/ceph';
import { z } from 'zod';
import { documentMigration } from './document-migration';
import { ageInYears } from '../age';

/**
 * Which norm set a chart's analysis is compared with (packages/ceph `selectNormSet`): chosen from the
 * patient's age at the shoot date, sex, and a population. The population is the chart's own override,
 * stored under the `norms` key of the analysis record's `drawing_result` (like the film display, each
 * feature merging only its key), else the user's default from Settings (`normPopulation` in
 * `user_analysis_manage`), else Caucasian (what the product showed before norm sets existed).
 *
 * Version 1. A record without a `norms` key, or with one this version cannot read, opens on the default.
 */
export const NORM_CHOICE_KEY = 'norms';

export const populationSchema = z.enum(POPULATIONS);

export const normChoiceSchema = z.object({
  version: z.literal(1),
  /** null: automatic (the user's default population). */
  population: populationSchema.nullable().default(null),
});
export type NormChoiceDocument = z.infer<typeof normChoiceSchema>;

/** The chart's population override stored in a `drawing_result` (any value); null when none. */
export function readChartPopulation(drawingResult: unknown): Population | null {
  if (typeof drawingResult !== 'object' || drawingResult === null) return null;
  return migrateNormChoice((drawingResult as Record<string, unknown>)[NORM_CHOICE_KEY])?.population ?? null;
}

/** A stored `drawing_result.norms` brought to the current version (none stored: version 1); null for an unknown one. */
export const migrateNormChoice = documentMigration({ current: 1, schema: normChoiceSchema });

/** The `merge_drawing_result` patch that stores the chart's override (null: back to automatic). */
export function normChoicePatch(population: Population | null): { norms: NormChoiceDocument } {
  return { [NORM_CHOICE_KEY]: { version: 1, population } } as { norms: NormChoiceDocument };
}

/** The user's default population kept in the stored `user_analysis_manage` (any value); Caucasian when absent. */
export function readDefaultPopulation(userAnalysisManage: unknown): Population {
  if (typeof userAnalysisManage !== 'object' || userAnalysisManage === null) return 'caucasian';
  const parsed = populationSchema.safeParse((userAnalysisManage as Record<string, unknown>)['normPopulation']);
  return parsed.success ? parsed.data : 'caucasian';
}

/** Inputs of the choice, as the viewer and the report have them. */
export interface NormChoiceInput {
  /** yyyy-mm-dd or null. */
  readonly birthDate: string | null;
  /** yyyy-mm-dd (the film's shoot date; else the report's or today's date) or null. */
  readonly shootDate: string | null;
  /** true: female (the patient record's `gender`); null unknown. */
  readonly female: boolean | null;
  readonly chartPopulation: Population | null;
  readonly defaultPopulation: Population;
}

/** The norm set for a chart: age in whole years at the shoot date (contract `ageInYears`), sex, population. */
export function chartNormSelection(input: NormChoiceInput): NormSetSelection {
  const age = input.birthDate === null || input.shootDate === null ? null : ageInYears(input.birthDate, input.shootDate.slice(0, 10));
  return selectNormSet({
    ageYears: age,
    sex: input.female === null ? null : input.female ? 'female' : 'male',
    population: input.chartPopulation ?? input.defaultPopulation,
  });
}
