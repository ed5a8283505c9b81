import { getMeasurement } from '../analyses/catalogue.ts';
import type { AnalysisDefinition } from '../analyses/types.ts';
import { POPULATIONS, type Population } from '../norms/norm-sets.ts';

/** Version of the stored `user_analysis_manage` JSON. Bump when the shape changes. */
export const USER_ANALYSIS_MANAGE_VERSION = 1;

/** A named user group of measurements (ids from the measurement catalogue). */
export interface CustomGroup {
  readonly name: string;
  readonly measurementIds: readonly string[];
}

/** The user's analysis configuration (`user_analysis_manage`): one default group plus named groups. */
export interface UserAnalysisManage {
  readonly version: typeof USER_ANALYSIS_MANAGE_VERSION;
  readonly defaultGroup: { readonly measurementIds: readonly string[] };
  readonly groups: readonly CustomGroup[];
  /** The user's default norm population (Settings); absent: Caucasian. Kept by every save. */
  readonly normPopulation?: Population;
}

/** One validation problem; `path` is a dotted path into the input (e.g. `groups.1.name`). */
export interface ValidationIssue {
  readonly path: string;
  readonly message: string;
}

/** Validation result: the cleaned value, or every problem found. */
export type ValidationResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly issues: readonly ValidationIssue[] };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function validateIds(raw: unknown, path: string, issues: ValidationIssue[], isKnown: (id: string) => boolean): string[] {
  if (!Array.isArray(raw)) {
    issues.push({ path, message: 'Measurement ids must be a list.' });
    return [];
  }
  const ids: string[] = [];
  raw.forEach((id: unknown, i) => {
    if (typeof id !== 'string') issues.push({ path: `${path}.${i}`, message: 'Measurement id must be a string.' });
    else if (!isKnown(id)) issues.push({ path: `${path}.${i}`, message: `Unknown measurement id: ${id}` });
    else if (ids.includes(id)) issues.push({ path: `${path}.${i}`, message: `Duplicate measurement id: ${id}` });
    else ids.push(id);
  });
  return ids;
}

const knownMeasurement = (id: string): boolean => getMeasurement(id) !== undefined;

/**
 * Validate unknown input (e.g. parsed stored JSON) as `UserAnalysisManage`: version must be 1, every
 * group needs a non-blank unique name (trimmed), measurement ids must exist in the catalogue and not repeat.
 */
export function validateUserAnalysisManage(
  input: unknown,
  isKnown: (id: string) => boolean = knownMeasurement,
): ValidationResult<UserAnalysisManage> {
  const issues: ValidationIssue[] = [];
  if (!isRecord(input)) return { ok: false, issues: [{ path: '', message: 'Expected an object.' }] };
  if (input['version'] !== USER_ANALYSIS_MANAGE_VERSION)
    issues.push({ path: 'version', message: `Unsupported version (expected ${USER_ANALYSIS_MANAGE_VERSION}).` });
  const def = input['defaultGroup'];
  const defaultIds = isRecord(def) ? validateIds(def['measurementIds'], 'defaultGroup.measurementIds', issues, isKnown) : [];
  if (!isRecord(def)) issues.push({ path: 'defaultGroup', message: 'A default group is required.' });
  const groups: CustomGroup[] = [];
  const rawGroups = input['groups'];
  if (!Array.isArray(rawGroups)) issues.push({ path: 'groups', message: 'Groups must be a list.' });
  else {
    rawGroups.forEach((g: unknown, i) => {
      if (!isRecord(g)) {
        issues.push({ path: `groups.${i}`, message: 'Expected a group object.' });
        return;
      }
      const rawName = g['name'];
      const name = typeof rawName === 'string' ? rawName.trim() : '';
      if (name === '') issues.push({ path: `groups.${i}.name`, message: 'Group name is required.' });
      else if (groups.some((other) => other.name === name))
        issues.push({ path: `groups.${i}.name`, message: `Group name already exists: ${name}` });
      groups.push({ name, measurementIds: validateIds(g['measurementIds'], `groups.${i}.measurementIds`, issues, isKnown) });
    });
  }
  const population = POPULATIONS.find((p) => p === input['normPopulation']);
  if (issues.length > 0) return { ok: false, issues };
  const value = { version: USER_ANALYSIS_MANAGE_VERSION, defaultGroup: { measurementIds: defaultIds }, groups } as const;
  return { ok: true, value: population === undefined ? value : { ...value, normPopulation: population } };
}

/** A fresh configuration whose default group holds `defaultIds` (validated like everything else). */
export function createUserAnalysisManage(defaultIds: readonly string[] = []): ValidationResult<UserAnalysisManage> {
  return validateUserAnalysisManage({
    version: USER_ANALYSIS_MANAGE_VERSION,
    defaultGroup: { measurementIds: [...defaultIds] },
    groups: [],
  });
}

/** Add a named group (validated: name required and unique, ids known). Returns a new value. */
export function addCustomGroup(
  manage: UserAnalysisManage,
  name: string,
  measurementIds: readonly string[],
): ValidationResult<UserAnalysisManage> {
  return validateUserAnalysisManage({ ...manage, groups: [...manage.groups, { name, measurementIds: [...measurementIds] }] });
}

/** Remove a named group (no-op when absent). Returns a new value. */
export function removeCustomGroup(manage: UserAnalysisManage, name: string): UserAnalysisManage {
  return { ...manage, groups: manage.groups.filter((g) => g.name !== name) };
}

/** Serialise to the stored JSON text (carries `version`). */
export function serializeUserAnalysisManage(manage: UserAnalysisManage): string {
  return JSON.stringify(manage);
}

/** Parse stored JSON text and validate it; malformed JSON is reported as an issue, never thrown. */
export function parseUserAnalysisManage(json: string): ValidationResult<UserAnalysisManage> {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { ok: false, issues: [{ path: '', message: 'Not valid JSON.' }] };
  }
  return validateUserAnalysisManage(raw);
}

/** A custom group as an analysis definition, so the standard evaluator can run it. */
export function customGroupAsAnalysis(group: CustomGroup): AnalysisDefinition {
  return { id: `custom:${group.name}`, name: group.name, source: 'user-defined group', measurementIds: group.measurementIds };
}
