import type { ActorRole, ClinicRole } from '@ceppro/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppDatabase } from '../db/database';
import { clinicMembers, users } from '../db/schema/index';

/**
 * Who is asking, in which space: the caller's own personal space, or the clinic they work in with
 * their role there. Every decision about patient data starts from one (`resolveActor`, once per request).
 */
export type Actor =
  | { readonly userId: number; readonly clinicId: null; readonly role: Extract<ActorRole, 'personal'> }
  | { readonly userId: number; readonly clinicId: number; readonly role: ClinicRole };

/**
 * What a service takes: the request's actor, or (tests, command-line tools) a bare user id, which is
 * that user's personal space. Every request path passes the actor the bearer check resolved.
 */
export type ActorRef = Actor | number;

export function personalActor(userId: number): Actor {
  return { userId, clinicId: null, role: 'personal' };
}

/** A member of `clinicId` acting there as `role` (e.g. for clinic management, whatever space they work in). */
export function clinicActor(userId: number, clinicId: number, role: ClinicRole): Actor {
  return { userId, clinicId, role };
}

/** The actor of an `ActorRef`: a bare user id is that user's personal space. */
export function asActor(ref: ActorRef): Actor {
  return typeof ref === 'number' ? personalActor(ref) : ref;
}

/**
 * The actor from a live membership as read with the caller's row (`clinicId`/`role` of the membership
 * in their active clinic, both null without one): the one reading `resolveActor` and the bearer
 * check's session read share.
 */
export function actorFromMembership(userId: number, membership: { clinicId: number | null; role: ClinicRole | null }): Actor {
  const { clinicId, role } = membership;
  return clinicId !== null && role !== null ? clinicActor(userId, clinicId, role) : personalActor(userId);
}

/**
 * The join of the caller's live membership in their active clinic, for a select over `users`: left
 * join it and read `clinicMembers.clinicId` / `clinicMembers.role` (null when working in the personal
 * space, removed, or the active clinic id is stale). Used by `resolveActor` and by the session read of
 * the bearer check (features/auth), so the actor costs no query of its own per request.
 */
export const activeMembershipJoin = and(
  eq(clinicMembers.userId, users.id),
  eq(clinicMembers.clinicId, users.activeClinicId),
  isNull(clinicMembers.removedAt),
);

/**
 * The caller's actor: the clinic named by `users.active_clinic_id` with their role in it, while they
 * are a live member of it; otherwise (no active clinic, removed, a stale id) their personal space.
 * One indexed read (the user's row and the live-membership index).
 */
export async function resolveActor(db: AppDatabase, userId: number): Promise<Actor> {
  const [row] = await db
    .select({ clinicId: clinicMembers.clinicId, role: clinicMembers.role })
    .from(users)
    .innerJoin(clinicMembers, activeMembershipJoin)
    .where(eq(users.id, userId));
  return actorFromMembership(userId, { clinicId: row?.clinicId ?? null, role: row?.role ?? null });
}
