import { z } from 'zod';
import { CLINIC_ROLES } from './access';
import { endpoint } from './endpoint';

/*
 * Clinics (Step 16, docs/clinics.md): several accounts share one clinic's patients, each with a role.
 * A person is a live member of at most one clinic and keeps a personal space; which of the two they
 * work in is explicit (`space`). Every clinic endpoint answers the caller's clinic as it is afterwards.
 */

export const clinicRoleSchema = z.enum(CLINIC_ROLES);

/** The space the caller works in: their personal patients, or their clinic's. */
export const WORK_SPACES = ['personal', 'clinic'] as const;
export const workSpaceSchema = z.enum(WORK_SPACES);
export type WorkSpace = z.infer<typeof workSpaceSchema>;

export const clinicMemberSchema = z.object({
  user_uuid: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: clinicRoleSchema,
  /** ISO instant. */
  joined_at: z.string(),
});
export type ClinicMember = z.infer<typeof clinicMemberSchema>;

/** An invitation not yet accepted or revoked (expired ones too, flagged, so the owner can send a new one). */
export const clinicInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: clinicRoleSchema,
  /** The name of the member who sent it. */
  invited_by: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  expired: z.boolean(),
});
export type ClinicInvitation = z.infer<typeof clinicInvitationSchema>;

export const clinicSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  tax_number: z.string().nullable(),
  tax_email: z.string().nullable(),
  phone_number: z.string().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  zip_code: z.string().nullable(),
  created_at: z.string(),
  /** The caller's role in it. */
  my_role: clinicRoleSchema,
  /** Live members: the seats the clinic's membership counts. */
  seats: z.number().int().min(1),
  members: z.array(clinicMemberSchema),
  /** Pending invitations; empty for a caller who may not manage members. */
  invitations: z.array(clinicInvitationSchema),
});
export type Clinic = z.infer<typeof clinicSchema>;

export const myClinicSchema = z.object({
  /** Where the caller works now (the header shows it); `clinic` only while they are a live member. */
  space: workSpaceSchema,
  /** The clinic the caller is a live member of; null when none. */
  clinic: clinicSchema.nullable(),
});
export type MyClinic = z.infer<typeof myClinicSchema>;

const optionalText = (max: number) => z.string().trim().min(1).max(max).optional();

/**
 * A new clinic. Every field is optional: what is missing comes from the caller's sign-up details
 * (company name, tax number and email, phone, address); a name is needed from one or the other.
 */
export const createClinicRequestSchema = z.strictObject({
  name: optionalText(100),
  tax_number: optionalText(20),
  tax_email: z.email().max(254).optional(),
  phone_number: optionalText(30),
  address1: optionalText(200),
  address2: optionalText(200),
  zip_code: optionalText(10),
});
export type CreateClinicRequest = z.infer<typeof createClinicRequestSchema>;

export const inviteClinicMemberRequestSchema = z.strictObject({ email: z.email().max(254), role: clinicRoleSchema });
export type InviteClinicMemberRequest = z.infer<typeof inviteClinicMemberRequestSchema>;

/** The token from the invitation mail's link. */
export const acceptClinicInvitationRequestSchema = z.strictObject({ token: z.string().min(16).max(200) });

/**
 * What an invitation offers, for the accept page before the invitee accepts: read with the mailed token
 * by the signed-in account it was sent to (the same refusals as accepting: INVITATION_INVALID,
 * INVITATION_EMAIL_MISMATCH).
 */
export const clinicInvitationPreviewSchema = z.object({
  clinic_name: z.string(),
  role: clinicRoleSchema,
  email: z.string(),
  /** The name of the member who sent it. */
  invited_by: z.string(),
  expires_at: z.string(),
  /** The caller is a live member of a clinic already: accepting would be refused (CLINIC_ALREADY_MEMBER). */
  already_member: z.boolean(),
});
export type ClinicInvitationPreview = z.infer<typeof clinicInvitationPreviewSchema>;

export const changeClinicRoleRequestSchema = z.strictObject({ role: clinicRoleSchema });

/** Switch to the clinic (its uuid: one the caller is a live member of) or back to the personal space (null). */
export const switchSpaceRequestSchema = z.strictObject({ clinic_uuid: z.uuid().nullable() });

/** `:id` of an invitation, `:uuid` of a member (their account's uuid). */
export const clinicInvitationParamsSchema = z.object({ id: z.uuid() });
export const clinicMemberParamsSchema = z.object({ uuid: z.uuid() });

/** Days an invitation stays valid. */
export const CLINIC_INVITATION_TTL_DAYS = 7;

export const CLINIC_ENDPOINTS = {
  get: endpoint({ method: 'GET', path: '/api/clinic', auth: 'user', response: myClinicSchema }),
  /** The caller becomes its owner; their personal patients stay personal. */
  create: endpoint({
    method: 'POST',
    path: '/api/clinic',
    auth: 'user',
    request: createClinicRequestSchema,
    response: myClinicSchema,
    audit: 'clinic.create',
  }),
  /** Owner only: mails an accept link (valid 7 days); a new invitation to the same address replaces the pending one. */
  invite: endpoint({
    method: 'POST',
    path: '/api/clinic/invitations',
    auth: 'user',
    request: inviteClinicMemberRequestSchema,
    response: myClinicSchema,
    audit: 'clinic.invite',
  }),
  revokeInvitation: endpoint({
    method: 'DELETE',
    path: '/api/clinic/invitations/:id',
    auth: 'user',
    params: clinicInvitationParamsSchema,
    response: myClinicSchema,
    audit: 'clinic.invite_revoke',
  }),
  /** The accept page's view of an invitation (its clinic, role, inviter), by the account it was sent to; changes nothing. */
  preview: endpoint({
    method: 'POST',
    path: '/api/clinic/invitations/preview',
    auth: 'user',
    request: acceptClinicInvitationRequestSchema,
    response: clinicInvitationPreviewSchema,
    idempotent: true,
  }),
  /** By the signed-in account whose email the invitation was sent to. */
  accept: endpoint({
    method: 'POST',
    path: '/api/clinic/invitations/accept',
    auth: 'user',
    request: acceptClinicInvitationRequestSchema,
    response: myClinicSchema,
    audit: 'clinic.join',
  }),
  changeRole: endpoint({
    method: 'PUT',
    path: '/api/clinic/members/:uuid/role',
    auth: 'user',
    params: clinicMemberParamsSchema,
    request: changeClinicRoleRequestSchema,
    response: myClinicSchema,
    audit: 'clinic.role_change',
  }),
  /** Owner only; the member's patients and work stay with the clinic. */
  removeMember: endpoint({
    method: 'DELETE',
    path: '/api/clinic/members/:uuid',
    auth: 'user',
    params: clinicMemberParamsSchema,
    response: myClinicSchema,
    audit: 'clinic.member_remove',
  }),
  leave: endpoint({ method: 'POST', path: '/api/clinic/leave', auth: 'user', response: myClinicSchema, audit: 'clinic.leave' }),
  switchSpace: endpoint({
    method: 'PUT',
    path: '/api/clinic/space',
    auth: 'user',
    request: switchSpaceRequestSchema,
    response: myClinicSchema,
  }),
} as const;

/** The web page the invitation mail links to, with `?token=`: it signs the invitee in (or up) and accepts. */
export const CLINIC_ACCEPT_PAGE = '/clinic/join';
