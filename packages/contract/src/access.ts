/*
 * Who may do what with patient data (Step 16, docs/clinics.md): the one permission table. The server's
 * access policy (apps/server/src/access) is the only code that decides with it; the web app reads the
 * same table to hide what a role may not do. Here, not in the server, so both sides name the same
 * operations and roles.
 */

/** A member's role in a clinic: owner (everything, members and billing), doctor (all clinical work), assistant. */
export const CLINIC_ROLES = ['owner', 'doctor', 'assistant'] as const;
export type ClinicRole = (typeof CLINIC_ROLES)[number];

/**
 * Whose data the caller works on and as what: `personal` is their own space (their personal patients),
 * the others are their role in the clinic they work in.
 */
export const ACTOR_ROLES = ['personal', ...CLINIC_ROLES] as const;
export type ActorRole = (typeof ACTOR_ROLES)[number];

const EVERYONE = ['personal', 'owner', 'doctor', 'assistant'] as const;
/** Clinical changes and everything that takes data out of the product: not an assistant's. */
const CLINICAL = ['personal', 'owner', 'doctor'] as const;
/** The account's or the clinic's own settings and money: the person themselves, or a clinic's owner. */
const OWNER = ['personal', 'owner'] as const;
/** Only inside a clinic: there is nothing of the kind in a personal space. */
const CLINIC_OWNER = ['owner'] as const;

/**
 * Each operation on patient data (and on a clinic) and the roles that may perform it. In a personal
 * space the caller owns everything there is; the clinic-only operations have nothing to act on there.
 * An assistant registers patients, uploads films and sees the AI's result, and changes nothing
 * clinical, exports nothing (a PDF leaves the product, so it counts as an export).
 */
export const ACCESS_POLICY = {
  'patient.read': EVERYONE,
  'patient.create': EVERYONE,
  'patient.update': EVERYONE,
  'patient.delete': CLINICAL,
  'chart.read': EVERYONE,
  'chart.create': EVERYONE,
  'chart.delete': CLINICAL,
  'film.upload': EVERYONE,
  'film.read': EVERYONE,
  /** Replacing or removing a committed film (an upload discarding its own failed drafts is part of `film.upload`). */
  'film.delete': CLINICAL,
  'landmarks.detect': EVERYONE,
  /** The analysis record as stored: the AI's landmarks and the users' edits, read-only. */
  'analysis.read': EVERYONE,
  'landmarks.edit': CLINICAL,
  /** The record's other edits: calibration ruler, analysis choices. */
  'analysis.edit': CLINICAL,
  'planning.edit': CLINICAL,
  'drawing.edit': CLINICAL,
  'report.read': EVERYONE,
  'report.pdf': CLINICAL,
  export: CLINICAL,
  /** The caller's own activity log. */
  'audit.read': EVERYONE,
  /** Every member's activity in the clinic. */
  'audit.read_clinic': CLINIC_OWNER,
  /** The AI profile (learned conventions, landmark definitions) that every detection of the space uses. */
  'ai_profile.manage': OWNER,
  /** Invitations, roles, removals. */
  'members.manage': CLINIC_OWNER,
  /** Subscription and invoices. */
  'membership.manage': OWNER,
} as const satisfies Record<string, readonly ActorRole[]>;

export type AccessOperation = keyof typeof ACCESS_POLICY;
export const ACCESS_OPERATIONS = Object.keys(ACCESS_POLICY) as AccessOperation[];

/** True when `role` may perform `operation`: the table above, nothing else. */
export function roleMay(role: ActorRole, operation: AccessOperation): boolean {
  return (ACCESS_POLICY[operation] as readonly ActorRole[]).includes(role);
}
