import type { AccessOperation } from '@ceppro/contract';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { charts, patients } from '../db/schema/index';
import type { Actor } from './actor';
import { assertCan } from './permissions';

/*
 * The one place that says which patients an actor's space holds. Every query on patient data (and on
 * what hangs off a patient: charts, films, records, reports, exports, planning) filters with
 * `patientScope` on the `patients` table; no repository compares `patients.user_id` or
 * `patients.clinic_id` itself (eslint.config.js, access-policy block).
 */

/**
 * The actor's patients: in a personal space the caller's own personal patients (`user_id` = them and
 * no clinic), in a clinic every patient of that clinic whoever created it. Drafts and deleted rows are
 * the caller's business (the list and the draft flows differ).
 */
export function patientScope(actor: Actor): SQL {
  if (actor.clinicId === null) return and(eq(patients.userId, actor.userId), isNull(patients.clinicId)) as SQL;
  return eq(patients.clinicId, actor.clinicId);
}

/**
 * The actor's live, committed charts (a query joining `charts` to `patients`): in their space, neither
 * the chart nor its patient deleted, neither a draft of the new-patient / add-chart flow (invisible
 * until detection commits it). What reports, DICOM out, exports, planning and the chart reads serve.
 */
export function liveChartScope(actor: Actor): SQL {
  return and(
    patientScope(actor),
    isNull(patients.deletedAt),
    isNull(charts.deletedAt),
    isNull(patients.draftExpiresAt),
    isNull(charts.draftExpiresAt),
  ) as SQL;
}

/** Which kind of space an actor works in: the two shapes of `patientScope`. */
export type SpaceKind = 'personal' | 'clinic';

export const spaceKindOf = (actor: Actor): SpaceKind => (actor.clinicId === null ? 'personal' : 'clinic');

/**
 * `patientScope` for a prepared statement: the same condition with placeholders (`scopeUserId` or
 * `scopeClinicId`), one statement text per kind of space; `patientScopeValues(actor)` gives the values.
 * The patient list prepares its statements once per shape (features/patients patient-list.query.ts).
 */
export function patientScopeTemplate(kind: SpaceKind): SQL {
  if (kind === 'personal') return and(eq(patients.userId, sql.placeholder('scopeUserId')), isNull(patients.clinicId)) as SQL;
  return eq(patients.clinicId, sql.placeholder('scopeClinicId'));
}

/** The placeholder values of `patientScopeTemplate(spaceKindOf(actor))`. */
export function patientScopeValues(actor: Actor): { scopeUserId: number; scopeClinicId: number } {
  // The placeholder a shape does not use is still bound: 0 matches no row.
  return { scopeUserId: actor.clinicId === null ? actor.userId : 0, scopeClinicId: actor.clinicId ?? 0 };
}

/** `patientScope` for an operation the actor's role must allow (403 ROLE_FORBIDDEN otherwise). */
export function patientScopeFor(actor: Actor, operation: AccessOperation): SQL {
  assertCan(actor, operation);
  return patientScope(actor);
}

/** The owner columns of a new patient: created by the actor, in the actor's space. */
export function newPatientOwner(actor: Actor): { userId: number; clinicId: number | null } {
  return { userId: actor.userId, clinicId: actor.clinicId };
}

/**
 * Who created a patient, to show it (the patient list's "created by", the admin's usage per account).
 * Never a filter for who may see a patient: that is `patientScope`.
 */
export const patientCreatorColumn = patients.userId;

/**
 * Whose space a patient is in (its creator, and its clinic or null for a personal patient), to
 * attribute what happened to it: the audit trail records a refused request against the space it
 * concerns. Never a filter for who may see a patient: that is `patientScope`.
 */
export const patientSpaceColumns = { creatorUserId: patients.userId, clinicId: patients.clinicId } as const;

/** A patient's space, as `patientSpaceColumns` reads it. */
export interface PatientSpace {
  creatorUserId: number;
  clinicId: number | null;
}

/** `patientScope` in memory: whether a patient of `space` is one of the actor's (the audit's "own data or not"). */
export function inActorSpace(actor: Actor, space: PatientSpace): boolean {
  if (actor.clinicId === null) return space.clinicId === null && space.creatorUserId === actor.userId;
  return space.clinicId === actor.clinicId;
}
