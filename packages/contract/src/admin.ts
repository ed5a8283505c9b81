import { z } from 'zod';
import { adminAuditPageSchema, adminAuditQuerySchema } from './audit';
import { SUBSCRIPTION_STATES } from './membership';
import { userTypeCdSchema } from './user-type';
import { endpoint } from './endpoint';

/**
 * Administration (Step 11): the operator's account list and actions under /api/admin. Only an
 * account with role 'admin' may call them (403 ADMIN_REQUIRED otherwise); every action is audited.
 */
export const USER_ROLES = ['user', 'admin'] as const;
export const userRoleSchema = z.enum(USER_ROLES);
export type UserRole = z.infer<typeof userRoleSchema>;

export const ACCOUNT_STATUSES = ['pending_email', 'active', 'pending_admin', 'locked'] as const;
export const accountStatusSchema = z.enum(ACCOUNT_STATUSES);

/** The list's filters: awaiting the administrator (K017), past expiry (K024), locked after failed logins. */
export const ADMIN_ACCOUNT_FILTERS = ['all', 'pending', 'expired', 'locked'] as const;
export const adminAccountFilterSchema = z.enum(ADMIN_ACCOUNT_FILTERS);
export type AdminAccountFilter = z.infer<typeof adminAccountFilterSchema>;

export const ADMIN_PAGE_MAX = 100;

export const adminAccountsQuerySchema = z.strictObject({
  /** Part of the email or name, case-insensitive. */
  q: z.string().trim().max(100).optional(),
  filter: adminAccountFilterSchema.default('all'),
  /** Keyset cursor: the `next_cursor` of the previous page. */
  after: z
    .string()
    .regex(/^\d{1,10}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).default(50),
});
export type AdminAccountsQuery = z.infer<typeof adminAccountsQuerySchema>;

export const adminUsageSchema = z.object({
  patients: z.number().int().nonnegative(),
  charts: z.number().int().nonnegative(),
  /** Charts whose landmarks the model detected (analysis records with a model result). */
  ai_runs: z.number().int().nonnegative(),
  /** Bytes of the stored originals, as recorded by the upload check (older rows have no size). */
  storage_bytes: z.number().int().nonnegative(),
});
export type AdminUsage = z.infer<typeof adminUsageSchema>;

export const adminAccountSchema = z.object({
  uuid: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  user_type: userTypeCdSchema,
  status: accountStatusSchema,
  role: userRoleSchema,
  created_at: z.string(),
  /** The account's expiration date (K024 from then on); null when it does not expire. */
  expires_at: z.string().nullable(),
  expired: z.boolean(),
  locked: z.boolean(),
  failed_logins: z.number().int().nonnegative(),
  /**
   * As membership last stored it (brought up to date whenever the owner opens /membership or an
   * admin sets the expiry); null: the account never opened /membership, so it has no subscription yet.
   */
  subscription: z.object({ state: z.enum(SUBSCRIPTION_STATES), period_end: z.string(), renews: z.boolean() }).nullable(),
  usage: adminUsageSchema,
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

export const adminAccountPageSchema = z.object({
  accounts: z.array(adminAccountSchema),
  next_cursor: z.string().nullable(),
});
export type AdminAccountPage = z.infer<typeof adminAccountPageSchema>;

/** The account's new expiry: an ISO instant with an offset. */
export const adminSetExpiryRequestSchema = z.strictObject({ expires_at: z.iso.datetime({ offset: true }) });
export const adminChangeTypeRequestSchema = z.strictObject({ user_type: userTypeCdSchema });

/** `:uuid` of the account an action is for. */
export const adminAccountParamsSchema = z.strictObject({ uuid: z.uuid() });

/** One account's action: the route pattern and the concrete URL. */
const accountAction = <const A extends string>(action: string, audit: A) =>
  endpoint({
    method: 'POST',
    path: `/api/admin/accounts/:uuid/${action}`,
    auth: 'admin',
    params: adminAccountParamsSchema,
    response: adminAccountSchema,
    audit,
  });

export const ADMIN_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/accounts',
    auth: 'admin',
    request: adminAccountsQuerySchema,
    response: adminAccountPageSchema,
  }),
  approve: accountAction('approve', 'admin.approve'),
  setExpiry: endpoint({ ...accountAction('expiry', 'admin.set_expiry'), request: adminSetExpiryRequestSchema, idempotent: true }),
  unlock: endpoint({ ...accountAction('unlock', 'admin.unlock'), idempotent: true }),
  changeType: endpoint({ ...accountAction('type', 'admin.change_type'), request: adminChangeTypeRequestSchema, idempotent: true }),
  /** Every account's audit trail (docs/audit.md), filtered and keyset-paged; reading it is itself recorded. */
  auditEvents: endpoint({
    method: 'GET',
    path: '/api/admin/audit/events',
    auth: 'admin',
    request: adminAuditQuerySchema,
    response: adminAuditPageSchema,
    audit: 'admin.audit_view',
  }),
  auditCsv: endpoint({
    method: 'GET',
    path: '/api/admin/audit/events.csv',
    auth: 'admin',
    request: adminAuditQuerySchema,
    answer: 'file',
    response: 'text/csv',
    audit: 'admin.audit_view',
  }),
} as const;
