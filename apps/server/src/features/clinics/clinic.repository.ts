import type { ClinicRole } from '@ceppro/contract';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { resolveActor, type Actor } from '../../access/index';
import type { AppDatabase } from '../../db/database';
import { clinicInvitations, clinicMembers, clinics, users } from '../../db/schema/index';

export type ClinicRow = typeof clinics.$inferSelect;
export type NewClinic = Omit<typeof clinics.$inferInsert, 'id' | 'uuid' | 'updatedAt'>;

/** A live membership: which clinic, as what (the row's id to change it). */
export interface Membership {
  memberId: number;
  clinicId: number;
  role: ClinicRole;
}

/** A live member as the clinic screen lists them. */
export interface MemberRow extends Membership {
  userId: number;
  userUuid: string;
  name: string;
  email: string;
  joinedAt: Date;
}

export interface InvitationRow {
  id: number;
  uuid: string;
  clinicId: number;
  email: string;
  role: ClinicRole;
  invitedByName: string;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
}

/**
 * The SQL of clinics, members and invitations. The service holds every rule (who may, the last owner,
 * expiry); these statements only read and write rows. `transaction` runs the same statements on one
 * transaction, for the changes whose rules must hold against concurrent ones.
 */
export function createClinicRepository(db: AppDatabase) {
  return {
    ...statements(db),
    transaction<T>(work: (q: ClinicStatements) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(statements(tx)));
    },
  };
}

export type ClinicRepository = ReturnType<typeof createClinicRepository>;
export type ClinicStatements = ReturnType<typeof statements>;

const inviter = alias(users, 'inviter');

function statements(q: AppDatabase) {
  const liveMember = isNull(clinicMembers.removedAt);
  const membershipColumns = { memberId: clinicMembers.id, clinicId: clinicMembers.clinicId, role: clinicMembers.role };

  return {
    /** The caller's actor for patient data (their active space): the access policy's reading. */
    actor: (userId: number): Promise<Actor> => resolveActor(q, userId),

    /** The account's email, name and sign-up company details (what a new clinic is seeded from). */
    async user(userId: number) {
      const [row] = await q
        .select({
          email: users.email,
          firstName: users.firstName,
          companyName: users.companyName,
          taxNumber: users.taxNumber,
          taxEmail: users.taxEmail,
          phoneNumber: users.phoneNumber,
          address1: users.address1,
          address2: users.address2,
          zipCode: users.zipCode,
        })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)));
      return row;
    },

    async liveMembership(userId: number): Promise<Membership | undefined> {
      const [row] = await q
        .select(membershipColumns)
        .from(clinicMembers)
        .where(and(eq(clinicMembers.userId, userId), liveMember));
      return row;
    },

    async clinic(clinicId: number): Promise<ClinicRow | undefined> {
      const [row] = await q.select().from(clinics).where(eq(clinics.id, clinicId));
      return row;
    },

    async clinicIdByUuid(uuid: string): Promise<number | undefined> {
      const [row] = await q.select({ id: clinics.id }).from(clinics).where(eq(clinics.uuid, uuid));
      return row?.id;
    },

    /** Holds the clinic's row until the transaction ends: member changes of one clinic run one at a time. */
    async lockClinic(clinicId: number): Promise<void> {
      await q.select({ id: clinics.id }).from(clinics).where(eq(clinics.id, clinicId)).for('update');
    },

    async insertClinic(values: NewClinic): Promise<number> {
      const [row] = await q.insert(clinics).values(values).returning({ id: clinics.id });
      if (!row) throw new Error('clinic insert returned no row');
      return row.id;
    },

    async insertMember(values: { clinicId: number; userId: number; role: ClinicRole; joinedAt: Date }): Promise<void> {
      await q.insert(clinicMembers).values(values);
    },

    /** Live members, oldest first. */
    members(clinicId: number): Promise<MemberRow[]> {
      return q
        .select({
          ...membershipColumns,
          userId: users.id,
          userUuid: users.uuid,
          name: users.firstName,
          email: users.email,
          joinedAt: clinicMembers.joinedAt,
        })
        .from(clinicMembers)
        .innerJoin(users, eq(users.id, clinicMembers.userId))
        .where(and(eq(clinicMembers.clinicId, clinicId), liveMember))
        .orderBy(asc(clinicMembers.joinedAt), asc(clinicMembers.id));
    },

    async memberByUserUuid(clinicId: number, userUuid: string): Promise<(Membership & { userId: number }) | undefined> {
      const [row] = await q
        .select({ ...membershipColumns, userId: clinicMembers.userId })
        .from(clinicMembers)
        .innerJoin(users, eq(users.id, clinicMembers.userId))
        .where(and(eq(clinicMembers.clinicId, clinicId), eq(users.uuid, userUuid), liveMember));
      return row;
    },

    async memberByEmail(clinicId: number, email: string): Promise<Membership | undefined> {
      const [row] = await q
        .select(membershipColumns)
        .from(clinicMembers)
        .innerJoin(users, eq(users.id, clinicMembers.userId))
        .where(and(eq(clinicMembers.clinicId, clinicId), sql`lower(${users.email}) = lower(${email})`, liveMember));
      return row;
    },

    async ownerCount(clinicId: number): Promise<number> {
      const [row] = await q
        .select({ n: count() })
        .from(clinicMembers)
        .where(and(eq(clinicMembers.clinicId, clinicId), eq(clinicMembers.role, 'owner'), liveMember));
      return row?.n ?? 0;
    },

    async setRole(memberId: number, role: ClinicRole): Promise<void> {
      await q.update(clinicMembers).set({ role }).where(eq(clinicMembers.id, memberId));
    },

    async removeMember(memberId: number, at: Date): Promise<void> {
      await q
        .update(clinicMembers)
        .set({ removedAt: at })
        .where(and(eq(clinicMembers.id, memberId), liveMember));
    },

    /** The space the person works in: a clinic id, or null for their personal space. */
    async setActiveClinic(userId: number, clinicId: number | null): Promise<void> {
      await q.update(users).set({ activeClinicId: clinicId }).where(eq(users.id, userId));
    },

    /** Back to the personal space, if the person was working in `clinicId` (they left it or were removed). */
    async leaveActiveClinic(userId: number, clinicId: number): Promise<void> {
      await q
        .update(users)
        .set({ activeClinicId: null })
        .where(and(eq(users.id, userId), eq(users.activeClinicId, clinicId)));
    },

    /** Invitations neither accepted nor revoked (expired ones included), newest first. */
    pendingInvitations(clinicId: number): Promise<InvitationRow[]> {
      return q
        .select({ ...invitationColumns, invitedByName: inviter.firstName })
        .from(clinicInvitations)
        .innerJoin(inviter, eq(inviter.id, clinicInvitations.invitedBy))
        .where(and(eq(clinicInvitations.clinicId, clinicId), isNull(clinicInvitations.acceptedAt), isNull(clinicInvitations.revokedAt)))
        .orderBy(sql`${clinicInvitations.createdAt} desc`, sql`${clinicInvitations.id} desc`);
    },

    async insertInvitation(values: {
      clinicId: number;
      email: string;
      role: ClinicRole;
      tokenHash: string;
      invitedBy: number;
      createdAt: Date;
      expiresAt: Date;
    }): Promise<void> {
      await q.insert(clinicInvitations).values(values);
    },

    /** Revokes the clinic's pending invitation(s) to `email` (any case); returns how many. */
    async revokePendingTo(clinicId: number, email: string, at: Date): Promise<number> {
      const rows = await q
        .update(clinicInvitations)
        .set({ revokedAt: at })
        .where(and(eq(clinicInvitations.clinicId, clinicId), sql`lower(${clinicInvitations.email}) = lower(${email})`, pending()))
        .returning({ id: clinicInvitations.id });
      return rows.length;
    },

    /** Revokes one pending invitation of the clinic by its uuid; returns whether there was one. */
    async revokeInvitation(clinicId: number, uuid: string, at: Date): Promise<boolean> {
      const rows = await q
        .update(clinicInvitations)
        .set({ revokedAt: at })
        .where(and(eq(clinicInvitations.clinicId, clinicId), eq(clinicInvitations.uuid, uuid), pending()))
        .returning({ id: clinicInvitations.id });
      return rows.length > 0;
    },

    /** The invitation a mailed token names, with who sent it, as read (the accept page's preview). */
    async invitationByHash(tokenHash: string): Promise<(Omit<InvitationRow, 'invitedByName'> & { invitedBy: number }) | undefined> {
      const [row] = await q
        .select({ ...invitationColumns, invitedBy: clinicInvitations.invitedBy })
        .from(clinicInvitations)
        .where(eq(clinicInvitations.tokenHash, tokenHash));
      return row;
    },

    /** The invitation a mailed token names, held until the transaction ends (two accepts run one at a time). */
    async lockInvitationByHash(tokenHash: string): Promise<Omit<InvitationRow, 'invitedByName'> | undefined> {
      const [row] = await q
        .select(invitationColumns)
        .from(clinicInvitations)
        .where(eq(clinicInvitations.tokenHash, tokenHash))
        .for('update');
      return row;
    },

    async markAccepted(invitationId: number, userId: number, at: Date): Promise<void> {
      await q.update(clinicInvitations).set({ acceptedAt: at, acceptedBy: userId }).where(eq(clinicInvitations.id, invitationId));
    },
  };
}

const invitationColumns = {
  id: clinicInvitations.id,
  uuid: clinicInvitations.uuid,
  clinicId: clinicInvitations.clinicId,
  email: clinicInvitations.email,
  role: clinicInvitations.role,
  createdAt: clinicInvitations.createdAt,
  expiresAt: clinicInvitations.expiresAt,
  acceptedAt: clinicInvitations.acceptedAt,
  revokedAt: clinicInvitations.revokedAt,
};

const pending = () => and(isNull(clinicInvitations.acceptedAt), isNull(clinicInvitations.revokedAt));
