import { ANALYSES, customGroupAsAnalysis, type AnalysisDefinition, type UserAnalysisManage } from '@ceppro/ceph';

/**
 * What the analysis menu offers: the built-in analyses, the user's named groups, and the user's
 * default group when it is not simply a copy of one of those. Keys are stable strings for a
 * `<select>`: `std:<analysis id>`, `custom:<group name>`, `default`.
 */
export interface AnalysisOption {
  readonly key: string;
  readonly kind: 'standard' | 'custom' | 'default';
  readonly analysis: AnalysisDefinition;
  /** This option holds exactly the measurements of the user's default group. */
  readonly isDefault: boolean;
}

export const DEFAULT_OPTION_KEY = 'default';

const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/** The user's default group as an analysis (its measurements, in the stored order). */
export function defaultGroupAsAnalysis(ids: readonly string[]): AnalysisDefinition {
  return { id: DEFAULT_OPTION_KEY, name: 'Default', source: 'user default group', measurementIds: ids };
}

export function analysisOptions(manage: UserAnalysisManage | null): AnalysisOption[] {
  const defaultIds = manage?.defaultGroup.measurementIds ?? [];
  const isDefault = (a: AnalysisDefinition) => defaultIds.length > 0 && sameIds(a.measurementIds, defaultIds);
  const standard = ANALYSES.map(
    (analysis): AnalysisOption => ({ key: `std:${analysis.id}`, kind: 'standard', analysis, isDefault: isDefault(analysis) }),
  );
  const custom = (manage?.groups ?? []).map((group): AnalysisOption => {
    const analysis = customGroupAsAnalysis(group);
    return { key: analysis.id, kind: 'custom', analysis, isDefault: isDefault(analysis) };
  });
  const all = [...standard, ...custom];
  if (defaultIds.length === 0 || all.some((o) => o.isDefault)) return all;
  return [{ key: DEFAULT_OPTION_KEY, kind: 'default', analysis: defaultGroupAsAnalysis(defaultIds), isDefault: true }, ...all];
}

/** The option selected when the panel opens: the user's default, else the first built-in analysis. */
export function initialOptionKey(options: readonly AnalysisOption[]): string {
  return (options.find((o) => o.isDefault) ?? options[0])?.key ?? '';
}

/** The option for `key`, falling back to the initial one when the key is gone (a deleted group). */
export function optionFor(options: readonly AnalysisOption[], key: string | null): AnalysisOption | null {
  return options.find((o) => o.key === key) ?? options.find((o) => o.key === initialOptionKey(options)) ?? null;
}
