import {
  CLINIC_INVITATION_TTL_DAYS,
  type AccessOperation,
  type ClinicInvitationPreview,
  type ClinicRole,
  type CreateClinicRequest,
  type InviteClinicMemberRequest,
  type MyClinic,
} from '@ceppro/contract';
import { createHash, randomBytes } from 'node:crypto';
import { assertCan, can, clinicActor, type Actor } from '../../access/index';
import type { Clock } from '../../clock';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../errors/app-error';
import type { ClinicMails } from './clinic-mail';
import type { ClinicRepository, ClinicStatements, Membership } from './clinic.repository';

export interface ClinicServiceDeps {
  repository: ClinicRepository;
  mails: ClinicMails;
  clock: Clock;
  /** The absolute accept link for a mailed token. */
  acceptUrl(token: string): string;
  /**
   * A person's space or role changed (switch, removal, leaving, a new role): the bearer check's cached
   * actor of theirs is forgotten (features/auth `spaceChanged`), so their next request is in the new one.
   */
  spaceChanged?(userId: number): void;
  /**
   * A person joined, was removed from or left a clinic: their account's expiry follows at once (the
   * membership feature's `syncMemberExpiry`; the clinic's subscription counts only while they belong).
   */
  membershipChanged?(userId: number): Promise<unknown>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** High-entropy tokens need no slow hash; SHA-256 lets the accept look the invitation up by it. */
const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

const notAMember = () => new AppError('NOT_FOUND', 'You do not belong to a clinic.');

/**
 * Clinics (docs/clinics.md): creating one, its members and invitations, and the space a person works
 * in. Who may manage the clinic is the access policy's (`members.manage`), asked with the caller's
 * live membership, whatever space they work in at the moment. Changes to members run with the
 * clinic's row held, so two owners cannot demote each other at once and leave the clinic without one.
 * Every method answers the caller's clinic as it is afterwards.
 */
export function createClinicService({
  repository: repo,
  mails,
  clock,
  acceptUrl,
  spaceChanged = () => undefined,
  membershipChanged = async () => undefined,
}: ClinicServiceDeps) {
  const now = () => new Date(clock.now());
  const actorOf = (userId: number, m: Membership): Actor => clinicActor(userId, m.clinicId, m.role);

  async function view(userId: number): Promise<MyClinic> {
    const [actor, membership] = await Promise.all([repo.actor(userId), repo.liveMembership(userId)]);
    if (!membership) return { space: 'personal', clinic: null };
    const mayManage = can(actorOf(userId, membership), 'members.manage');
    const [clinic, members, invitations] = await Promise.all([
      repo.clinic(membership.clinicId),
      repo.members(membership.clinicId),
      mayManage ? repo.pendingInvitations(membership.clinicId) : Promise.resolve([]),
    ]);
    if (!clinic) throw notAMember();
    const at = clock.now();
    return {
      space: actor.clinicId === membership.clinicId ? 'clinic' : 'personal',
      clinic: {
        uuid: clinic.uuid,
        name: clinic.name,
        tax_number: clinic.taxNumber,
        tax_email: clinic.taxEmail,
        phone_number: clinic.phoneNumber,
        address1: clinic.address1,
        address2: clinic.address2,
        zip_code: clinic.zipCode,
        created_at: clinic.createdAt.toISOString(),
        my_role: membership.role,
        seats: members.length,
        members: members.map((m) => ({
          user_uuid: m.userUuid,
          name: m.name,
          email: m.email,
          role: m.role,
          joined_at: m.joinedAt.toISOString(),
        })),
        invitations: invitations.map((i) => ({
          id: i.uuid,
          email: i.email,
          role: i.role,
          invited_by: i.invitedByName,
          created_at: i.createdAt.toISOString(),
          expires_at: i.expiresAt.toISOString(),
          expired: i.expiresAt.getTime() <= at,
        })),
      },
    };
  }

  /**
   * Runs `work` as the caller's live membership, with their clinic's row held and the membership read
   * again under it; `operation`, when given, must be allowed to their role (403 ROLE_FORBIDDEN).
   */
  async function asMember<T>(
    userId: number,
    operation: AccessOperation | null,
    work: (q: ClinicStatements, me: Membership) => Promise<T>,
  ): Promise<T> {
    const first = await repo.liveMembership(userId);
    if (!first) throw notAMember();
    return repo.transaction(async (q) => {
      await q.lockClinic(first.clinicId);
      const me = await q.liveMembership(userId);
      if (!me || me.clinicId !== first.clinicId) throw notAMember();
      if (operation) assertCan(actorOf(userId, me), operation);
      return work(q, me);
    });
  }

  /** A live member of the caller's clinic by their account uuid (404 when none). */
  async function memberOf(q: ClinicStatements, clinicId: number, userUuid: string) {
    const member = await q.memberByUserUuid(clinicId, userUuid);
    if (!member) throw new AppError('NOT_FOUND', 'No such member in your clinic.');
    return member;
  }

  /** 409 CLINIC_LAST_OWNER when `member` is the clinic's only live owner. */
  async function keepAnOwner(q: ClinicStatements, member: Membership): Promise<void> {
    if (member.role === 'owner' && (await q.ownerCount(member.clinicId)) <= 1) throw new AppError('CLINIC_LAST_OWNER');
  }

  /** A second live membership of one person is what the partial unique index refuses. */
  const alreadyMember = (error: unknown) => {
    throw isUniqueViolation(error) ? new AppError('CLINIC_ALREADY_MEMBER', undefined, { cause: error }) : error;
  };

  return {
    view,

    /**
     * A new clinic with the caller as its owner, its details from the request or else from the
     * caller's sign-up details. Their personal patients stay personal, and they keep working in the
     * space they were in: switching is explicit.
     */
    async create(userId: number, input: CreateClinicRequest): Promise<MyClinic> {
      const user = await repo.user(userId);
      if (!user) throw new AppError('J001');
      if (await repo.liveMembership(userId)) throw new AppError('CLINIC_ALREADY_MEMBER');
      const name = input.name ?? user.companyName?.trim();
      if (!name) throw new AppError('VALIDATION_FAILED', 'Give the clinic a name.', { field: 'name' });
      const at = now();
      await repo
        .transaction(async (q) => {
          const clinicId = await q.insertClinic({
            name,
            taxNumber: input.tax_number ?? user.taxNumber,
            taxEmail: input.tax_email ?? user.taxEmail,
            phoneNumber: input.phone_number ?? user.phoneNumber,
            address1: input.address1 ?? user.address1,
            address2: input.address2 ?? user.address2,
            zipCode: input.zip_code ?? user.zipCode,
            createdBy: userId,
            createdAt: at,
          });
          await q.insertMember({ clinicId, userId, role: 'owner', joinedAt: at });
        })
        .catch(alreadyMember);
      return view(userId);
    },

    /**
     * Owner only: invites `email` as `role` and mails the accept link (7 days). A pending invitation
     * to the same address is revoked first, so only the newest link works.
     */
    async invite(userId: number, input: InviteClinicMemberRequest): Promise<MyClinic> {
      const email = input.email.trim();
      const token = randomBytes(32).toString('base64url');
      const createdAt = now();
      const expiresAt = new Date(createdAt.getTime() + CLINIC_INVITATION_TTL_DAYS * DAY_MS);
      const sent = await asMember(userId, 'members.manage', async (q, me) => {
        if (await q.memberByEmail(me.clinicId, email)) throw new AppError('CONFLICT', 'This person is already a member of the clinic.');
        await q.revokePendingTo(me.clinicId, email, createdAt);
        await q.insertInvitation({
          clinicId: me.clinicId,
          email,
          role: input.role,
          tokenHash: sha256Hex(token),
          invitedBy: userId,
          createdAt,
          expiresAt,
        });
        const [clinic, inviter] = await Promise.all([q.clinic(me.clinicId), q.user(userId)]);
        return { clinicName: clinic?.name ?? '', inviterName: inviter?.firstName ?? '' };
      });
      // After the commit: a mail never names an invitation that was rolled back.
      await mails.invitation({ to: email, ...sent, role: input.role, url: acceptUrl(token), expiresAt });
      return view(userId);
    },

    async revokeInvitation(userId: number, invitationUuid: string): Promise<MyClinic> {
      await asMember(userId, 'members.manage', async (q, me) => {
        if (!(await q.revokeInvitation(me.clinicId, invitationUuid, now()))) throw new AppError('NOT_FOUND', 'No such pending invitation.');
      });
      return view(userId);
    },

    /**
     * What the invitation a mailed token names offers, for the accept page: the same refusals as
     * accepting (unknown, used, revoked or expired; another account's), whether the caller would first
     * have to leave a clinic. Changes nothing.
     */
    async preview(userId: number, token: string): Promise<ClinicInvitationPreview> {
      const invitation = await repo.invitationByHash(sha256Hex(token));
      if (!invitation || invitation.acceptedAt || invitation.revokedAt || invitation.expiresAt.getTime() <= clock.now())
        throw new AppError('INVITATION_INVALID');
      const user = await repo.user(userId);
      if (!user || user.email.toLowerCase() !== invitation.email.toLowerCase()) throw new AppError('INVITATION_EMAIL_MISMATCH');
      const [clinic, invitedBy, membership] = await Promise.all([
        repo.clinic(invitation.clinicId),
        repo.user(invitation.invitedBy),
        repo.liveMembership(userId),
      ]);
      if (!clinic) throw new AppError('INVITATION_INVALID');
      return {
        clinic_name: clinic.name,
        role: invitation.role,
        email: invitation.email,
        invited_by: invitedBy?.firstName ?? '',
        expires_at: invitation.expiresAt.toISOString(),
        already_member: membership !== undefined,
      };
    },

    /**
     * The signed-in account accepts the invitation its mailed token names: only the invited address
     * (403 INVITATION_EMAIL_MISMATCH), only while pending and unexpired (400 INVITATION_INVALID), only
     * when not a live member of a clinic already (409 CLINIC_ALREADY_MEMBER; leave that one first).
     */
    async accept(userId: number, token: string): Promise<MyClinic> {
      const at = now();
      await repo
        .transaction(async (q) => {
          const invitation = await q.lockInvitationByHash(sha256Hex(token));
          if (!invitation || invitation.acceptedAt || invitation.revokedAt || invitation.expiresAt.getTime() <= at.getTime())
            throw new AppError('INVITATION_INVALID');
          const user = await q.user(userId);
          if (!user || user.email.toLowerCase() !== invitation.email.toLowerCase()) throw new AppError('INVITATION_EMAIL_MISMATCH');
          if (await q.liveMembership(userId)) throw new AppError('CLINIC_ALREADY_MEMBER');
          await q.insertMember({ clinicId: invitation.clinicId, userId, role: invitation.role, joinedAt: at });
          await q.markAccepted(invitation.id, userId, at);
        })
        .catch(alreadyMember);
      await membershipChanged(userId);
      return view(userId);
    },

    /** Owner only; the last owner cannot be demoted (409 CLINIC_LAST_OWNER). */
    async changeRole(userId: number, memberUuid: string, role: ClinicRole): Promise<MyClinic> {
      let changed = null as number | null;
      await asMember(userId, 'members.manage', async (q, me) => {
        const member = await memberOf(q, me.clinicId, memberUuid);
        if (member.role === role) return;
        await keepAnOwner(q, member);
        await q.setRole(member.memberId, role);
        changed = member.userId;
      });
      if (changed !== null) spaceChanged(changed);
      return view(userId);
    },

    /**
     * Owner only: ends a membership. The member's patients and work stay with the clinic, their name
     * on it; if they were working in the clinic they are back in their personal space.
     */
    async removeMember(userId: number, memberUuid: string): Promise<MyClinic> {
      let removed = null as number | null;
      await asMember(userId, 'members.manage', async (q, me) => {
        const member = await memberOf(q, me.clinicId, memberUuid);
        await keepAnOwner(q, member);
        await q.removeMember(member.memberId, now());
        await q.leaveActiveClinic(member.userId, me.clinicId);
        removed = member.userId;
      });
      if (removed !== null) {
        spaceChanged(removed);
        await membershipChanged(removed);
      }
      return view(userId);
    },

    /** Ends the caller's own membership (not the last owner's); the clinic keeps their work. */
    async leave(userId: number): Promise<MyClinic> {
      await asMember(userId, null, async (q, me) => {
        await keepAnOwner(q, me);
        await q.removeMember(me.memberId, now());
        await q.leaveActiveClinic(userId, me.clinicId);
      });
      spaceChanged(userId);
      await membershipChanged(userId);
      return view(userId);
    },

    /**
     * The space the caller works in: their clinic (by uuid; only one they are a live member of, 404
     * otherwise: an outsider learns nothing of it) or their personal space (null).
     */
    async switchSpace(userId: number, clinicUuid: string | null): Promise<MyClinic> {
      if (clinicUuid === null) {
        await repo.setActiveClinic(userId, null);
        spaceChanged(userId);
        return view(userId);
      }
      const [clinicId, membership] = await Promise.all([repo.clinicIdByUuid(clinicUuid), repo.liveMembership(userId)]);
      if (clinicId === undefined || membership?.clinicId !== clinicId) throw new AppError('NOT_FOUND', 'No such clinic.');
      await repo.setActiveClinic(userId, clinicId);
      spaceChanged(userId);
      return view(userId);
    },
  };
}

export type ClinicService = ReturnType<typeof createClinicService>;
