import {
  addCustomGroup,
  createUserAnalysisManage,
  removeCustomGroup,
  validateUserAnalysisManage,
  type UserAnalysisManage,
  type ValidationResult,
} from '@ceppro/ceph';

/**
 * Edits of the user's analysis groups (`user_analysis_manage`). Every edit goes through the domain's
 * validator, so a value that reaches the save button is one the server and every reader accept.
 * `target` names a group, or `null` for the default group.
 */

/** An empty configuration: no default measurements, no groups. */
export function emptyManage(): UserAnalysisManage {
  const created = createUserAnalysisManage([]);
  if (!created.ok) throw new Error('An empty analysis configuration must be valid');
  return created.value;
}

/**
 * The stored document, or an empty one when none is stored. A stored document that fails
 * validation (e.g. it names a measurement this version no longer knows) is reported, not dropped
 * silently: the caller shows the issues and starts from empty.
 */
export function readManage(raw: unknown): { manage: UserAnalysisManage; problem: boolean } {
  if (raw === null || raw === undefined) return { manage: emptyManage(), problem: false };
  const result = validateUserAnalysisManage(raw);
  return result.ok ? { manage: result.value, problem: false } : { manage: emptyManage(), problem: true };
}

function idsOf(manage: UserAnalysisManage, target: string | null): readonly string[] {
  if (target === null) return manage.defaultGroup.measurementIds;
  return manage.groups.find((g) => g.name === target)?.measurementIds ?? [];
}

function withIds(manage: UserAnalysisManage, target: string | null, ids: readonly string[]): ValidationResult<UserAnalysisManage> {
  return validateUserAnalysisManage({
    ...manage,
    defaultGroup: target === null ? { measurementIds: [...ids] } : manage.defaultGroup,
    groups: manage.groups.map((g) => (g.name === target ? { ...g, measurementIds: [...ids] } : g)),
  });
}

/** Adds (at the end) or removes one measurement of a group. */
export function toggleMeasurement(
  manage: UserAnalysisManage,
  target: string | null,
  id: string,
  included: boolean,
): ValidationResult<UserAnalysisManage> {
  const ids = idsOf(manage, target).filter((m) => m !== id);
  return withIds(manage, target, included ? [...ids, id] : ids);
}

/** Why a new group's name cannot be used (a key under `analysis.custom`), or null when it can. */
export type GroupNameProblem = 'nameRequired' | 'nameTaken';

/** Checks a typed group name before creating: blank (after trimming) or already used is refused. */
export function groupNameProblem(manage: UserAnalysisManage, name: string): GroupNameProblem | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'nameRequired';
  return manage.groups.some((g) => g.name === trimmed) ? 'nameTaken' : null;
}

/** A new empty group (name trimmed; blank or duplicate names are refused by the validator). */
export function createGroup(manage: UserAnalysisManage, name: string): ValidationResult<UserAnalysisManage> {
  return addCustomGroup(manage, name, []);
}

export function deleteGroup(manage: UserAnalysisManage, name: string): UserAnalysisManage {
  return removeCustomGroup(manage, name);
}

/** Makes `ids` (an analysis's or group's measurements) the default group; empty clears it. */
export function setDefaultGroup(manage: UserAnalysisManage, ids: readonly string[]): ValidationResult<UserAnalysisManage> {
  return withIds(manage, null, ids);
}

/** The variables of `update_user_config` for this configuration (validated once more on the way out). */
export function savePayload(manage: UserAnalysisManage): { manage: UserAnalysisManage } {
  const checked = validateUserAnalysisManage(manage);
  if (!checked.ok) throw new Error(`Invalid analysis configuration: ${checked.issues[0]?.message ?? ''}`);
  return { manage: checked.value };
}
