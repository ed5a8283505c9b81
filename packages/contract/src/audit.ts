import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * The audit trail (docs/audit.md): every view, export, print, change and delete of patient data and
 * every sign-in, as the account owner reads it under My info. Actions are stable codes
 * `<kind>.<verb>`; the kind is what the filter offers.
 */
export const AUDIT_OUTCOMES = ['success', 'denied', 'failed'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

export const AUDIT_KINDS = [
  'auth',
  'account',
  'patient',
  'chart',
  'image',
  'landmarks',
  'report',
  'export',
  'admin',
  'access',
  'pacs',
  'clinic',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** Every action code the product records; the screen names each in the user's language. */
export const AUDIT_ACTIONS = [
  'auth.sign_in',
  'auth.sign_out',
  'auth.account_locked',
  'auth.token_reuse',
  'account.password_change',
  'account.password_reset',
  'account.email_change',
  'account.mobile_change',
  'account.profile_update',
  'patient.list',
  'patient.view',
  'patient.create',
  'patient.update',
  'patient.delete',
  'chart.list',
  'chart.view',
  'chart.create',
  'chart.update',
  'chart.delete',
  'chart.analysis_update',
  'chart.superimpose',
  'chart.auto_align',
  'image.upload',
  'image.list',
  'image.view',
  'image.fetch',
  'image.update',
  'image.discard',
  'landmarks.list',
  'landmarks.view',
  'landmarks.detect',
  'landmarks.update',
  'landmarks.adaptation_switch',
  'landmarks.adaptation_reset',
  'landmarks.definitions',
  'drawing.view',
  'drawing.update',
  'report.pdf',
  'report.print',
  'report.view',
  'report.dicom',
  'export.csv',
  'export.xlsx',
  'export.landmarks',
  'export.batch',
  'admin.approve',
  'admin.set_expiry',
  'admin.unlock',
  'admin.change_type',
  'admin.create',
  'admin.promote',
  'admin.audit_view',
  'access.refused_more',
  'pacs.search',
  'pacs.series',
  'pacs.retrieve',
  'pacs.store',
  'clinic.create',
  'clinic.invite',
  'clinic.invite_revoke',
  'clinic.join',
  'clinic.role_change',
  'clinic.member_remove',
  'clinic.leave',
] as const;

/**
 * Most ids a list read names in its detail (`patientIds`, `chartIds`, `recordIds`): a patient page
 * holds 10; a longer list is cut here and `total` says how many it returned.
 */
export const AUDIT_LIST_IDS_MAX = 100;

/** The documents of an analysis record a save can change (its graph field names), as a save's detail lists them. */
export const AUDIT_RECORD_DOCUMENTS = [
  'infer_result',
  'modified_result',
  'profilogram_result',
  'ruler_info',
  'superimposition_data',
  'vto_sto_config',
  'drawing_result',
  'img_size',
] as const;
export type AuditRecordDocument = (typeof AUDIT_RECORD_DOCUMENTS)[number];

/** Most moved landmarks one event lists (the largest moves); `total` says how many moved in all. */
export const AUDIT_MAX_MOVES = 38;

const auditPoint = z.tuple([z.number(), z.number()]);

/**
 * `detail.landmarks` of a `landmarks.update`: the landmarks whose shown point changed, from where to
 * where in image px of the original upload (`from` null: placed; `to` null: removed), and the
 * distance `by` in `unit`: mm when the film is calibrated, else px.
 */
export const auditLandmarkChangesSchema = z.object({
  unit: z.enum(['mm', 'px']),
  calibration: z.enum(['ruler', 'dicom', 'default-ppm', 'none']),
  moved: z
    .array(z.object({ id: z.string(), from: auditPoint.nullable(), to: auditPoint.nullable(), by: z.number().nullable() }))
    .max(AUDIT_MAX_MOVES),
  total: z.number().int().nonnegative(),
});
export type AuditLandmarkChanges = z.infer<typeof auditLandmarkChangesSchema>;

/** `detail` of an `access.refused_more`: refused requests of one account in one minute not recorded one by one. */
export const auditRefusalSummarySchema = z.object({
  count: z.number().int().positive(),
  first: z.string(),
  last: z.string(),
  actions: z.record(z.string(), z.number().int()),
});

const isoInstant = z.iso.datetime({ offset: true });

/** Filters of the trail (query string). `action` is a kind (`export`) or one code (`export.csv`). */
export const auditQuerySchema = z.object({
  from: isoInstant.optional(),
  to: isoInstant.optional(),
  action: z
    .string()
    .regex(/^[a-z_]{1,30}(\.[a-z_]{1,40})?$/)
    .optional(),
  outcome: z.enum(AUDIT_OUTCOMES).optional(),
  patient_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** The `next_cursor` of the previous page. */
  cursor: z
    .string()
    .regex(/^\d{1,16}\.\d{1,19}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /**
   * `mine` (default): events on the caller's own data or by them. `clinic`: every event on the data of
   * the clinic the caller works in, whoever acted (the clinic's owner only: 403 ROLE_FORBIDDEN otherwise).
   */
  scope: z.enum(['mine', 'clinic']).default('mine'),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  outcome: z.enum(AUDIT_OUTCOMES),
  /** true when the caller did it; false: another account (a refused attempt on the caller's data). */
  by_me: z.boolean(),
  actor_user_id: z.number().int().nullable(),
  /** The acting member's first name, in the clinic view (`scope: 'clinic'`); absent or null otherwise. */
  actor_name: z.string().nullable().optional(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  /** The caller's own patient the event concerns; null for none or for someone else's. */
  patient: z.object({ id: z.number().int(), patient_id: z.string().nullable(), name: z.string() }).nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEventView = z.infer<typeof auditEventSchema>;

export const auditPageSchema = z.object({ items: z.array(auditEventSchema), next_cursor: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The web tells the server that a chart's report was sent to the printer (the print happens in the browser). */
export const auditPrintRequestSchema = z.object({ chart_id: z.uuid() });

export const AUDIT_ENDPOINTS = {
  list: endpoint({ method: 'GET', path: '/api/audit/events', auth: 'user', request: auditQuerySchema, response: auditPageSchema }),
  csv: endpoint({
    method: 'GET',
    path: '/api/audit/events.csv',
    auth: 'user',
    request: auditQuerySchema,
    answer: 'file',
    response: 'text/csv',
  }),
  print: endpoint({ method: 'POST', path: '/api/audit/print', auth: 'user', request: auditPrintRequestSchema, response: 'ok' }),
} as const;

/**
 * The administrators' view of the trail (/admin > Audit log): every account's events, with the
 * owner's filters plus `account` (an e-mail address or a user id; matches the actor or the owner).
 * Outcomes are as recorded (another account's refused request on an owner's data is `denied`) and
 * targets as resolved; patient names are never shown here, only the patient's row id and number.
 */
export const adminAuditQuerySchema = auditQuerySchema.omit({ scope: true }).extend({
  account: z.string().trim().max(254).optional(),
});
export type AdminAuditQuery = z.input<typeof adminAuditQuerySchema>;

const auditAccountSchema = z.object({ user_id: z.number().int(), email: z.string().nullable() });

export const adminAuditEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  outcome: z.enum(AUDIT_OUTCOMES),
  /** Who did it; null for a sign-in attempt with an unknown address or the operator's shell. */
  actor: auditAccountSchema.nullable(),
  /** Whose data it is; null when unknown. */
  owner: auditAccountSchema.nullable(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  /** The patient (patients row id) the event concerns, as resolved; null for none. */
  patient_ref: z.number().int().nullable(),
  /** That patient's number in its clinic (null for a draft or none). */
  patient_number: z.string().nullable(),
  /** The chart (its `chart_id`) the event concerns, as resolved; null for none. */
  chart_id: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AdminAuditEventView = z.infer<typeof adminAuditEventSchema>;

export const adminAuditPageSchema = z.object({
  items: z.array(adminAuditEventSchema),
  next_cursor: z.string().nullable(),
  /** AUDIT_RETENTION_DAYS: events older than this many days are deleted. */
  retention_days: z.number().int().positive(),
});
export type AdminAuditPage = z.infer<typeof adminAuditPageSchema>;
