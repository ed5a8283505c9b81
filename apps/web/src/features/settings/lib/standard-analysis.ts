import {
  ANALYSES,
  createUserAnalysisManage,
  customGroupAsAnalysis,
  validateUserAnalysisManage,
  type AnalysisDefinition,
  type UserAnalysisManage,
} from '@ceppro/ceph';

/*
 * Settings > standard analysis method: the analysis the viewer's Analysis tab opens with. It is the
 * user's default group (`user_analysis_manage.defaultGroup`), the same setting the viewer's group
 * editor writes with "set as default", so both screens always agree. Pure.
 */

/** Keys of the choices: `''` none, `std:<id>` a built-in analysis, `custom:<name>` a group, `default` an own default group. */
export const NO_STANDARD = '';
export const OWN_DEFAULT = 'default';

export interface StandardChoice {
  readonly key: string;
  readonly kind: 'standard' | 'custom' | 'default';
  readonly analysis: AnalysisDefinition;
}

/** The stored groups; `null` when a stored document cannot be read (then Settings leaves it alone). */
export function storedManage(raw: unknown): UserAnalysisManage | null {
  if (raw === null || raw === undefined) {
    const empty = createUserAnalysisManage([]);
    return empty.ok ? empty.value : null;
  }
  const read = validateUserAnalysisManage(raw);
  return read.ok ? read.value : null;
}

const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/** The built-in analyses, the user's groups, and the user's own default group when it is neither. */
export function standardChoices(manage: UserAnalysisManage): StandardChoice[] {
  const standard = ANALYSES.map((analysis): StandardChoice => ({ key: `std:${analysis.id}`, kind: 'standard', analysis }));
  const custom = manage.groups.map((group): StandardChoice => {
    const analysis = customGroupAsAnalysis(group);
    return { key: analysis.id, kind: 'custom', analysis };
  });
  const ids = manage.defaultGroup.measurementIds;
  const all = [...standard, ...custom];
  if (ids.length === 0 || all.some((c) => sameIds(c.analysis.measurementIds, ids))) return all;
  const own: StandardChoice = {
    key: OWN_DEFAULT,
    kind: 'default',
    analysis: { id: OWN_DEFAULT, name: 'Default', source: 'user default group', measurementIds: ids },
  };
  return [own, ...all];
}

/** The choice the stored default group is (the first with the same measurements), or none. */
export function currentStandardKey(manage: UserAnalysisManage, choices: readonly StandardChoice[]): string {
  const ids = manage.defaultGroup.measurementIds;
  if (ids.length === 0) return NO_STANDARD;
  return choices.find((c) => sameIds(c.analysis.measurementIds, ids))?.key ?? NO_STANDARD;
}

/** The groups with `key`'s measurements as the default group (none: cleared), validated as every reader does. */
export function withStandard(manage: UserAnalysisManage, key: string): UserAnalysisManage {
  const choice = standardChoices(manage).find((c) => c.key === key);
  const ids = key === NO_STANDARD || choice === undefined ? [] : choice.analysis.measurementIds;
  const result = validateUserAnalysisManage({ ...manage, defaultGroup: { measurementIds: [...ids] } });
  if (!result.ok) throw new Error(`Invalid analysis configuration: ${result.issues[0]?.message ?? ''}`);
  return result.value;
}
