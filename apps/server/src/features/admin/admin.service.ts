import type { AdminAccount, AdminAccountPage, AdminAccountsQuery, AdminAuditPage, UserTypeCd } from '@ceppro/contract';
import type { Readable } from 'node:stream';
import type { Clock } from '../../clock';
import type { AdminAuditQueryInput, AdminTrailService } from '../audit';
import { AppError } from '../../errors/app-error';
import type { AuditEntry } from '../audit/audit.service';
import type { AccountUsageRow, AdminRepository, AdminSubscriptionRow, AdminUserRow } from './admin.repository';

/** The admin actions the trail records (features/audit). */
export type AdminAction = 'admin.approve' | 'admin.set_expiry' | 'admin.unlock' | 'admin.change_type' | 'admin.audit_view';

/** Who asks, from where: the admin's user id and the client address, for the check and the trail. */
export interface AdminCaller {
  userId: number;
  ip: string | null;
  userAgent: string | null;
}

/** What administration needs of membership: its `setAccessEnd` (the subscription's rules stay there). */
export interface MembershipAccess {
  setAccessEnd(userId: number, at: Date): Promise<{ state: string; access_ends_at: string | null }>;
}

export interface AdminServiceDeps {
  repository: AdminRepository;
  membership: MembershipAccess;
  audit: { record(entry: AuditEntry): Promise<void> };
  /** Every account's audit trail, as features/audit reads it for administrators. */
  trail: AdminTrailService;
  clock: Pick<Clock, 'now'>;
}

const NO_USAGE: AccountUsageRow = { patients: 0, charts: 0, aiRuns: 0, storageBytes: 0 };

/**
 * The subscription row as membership last brought it up to date (when its owner or an admin action
 * last touched it). Not advanced here: whether a billing date renews or ends it is membership's rule.
 */
function subscriptionView(row: AdminSubscriptionRow | null): AdminAccount['subscription'] {
  if (!row) return null;
  return { state: row.state, period_end: row.periodEnd.toISOString(), renews: row.state === 'trial' || row.state === 'active' };
}

function toAccount(
  user: AdminUserRow,
  subscription: AdminSubscriptionRow | null,
  usage: AccountUsageRow,
  failures: number,
  now: number,
): AdminAccount {
  return {
    uuid: user.uuid,
    email: user.email,
    first_name: user.firstName,
    user_type: user.userTypeCd,
    status: user.status,
    role: user.role,
    created_at: user.createdAt.toISOString(),
    expires_at: user.expiresAt?.toISOString() ?? null,
    expired: user.expiresAt !== null && user.expiresAt.getTime() <= now,
    locked: user.status === 'locked',
    failed_logins: Math.max(user.failedLoginCount, failures),
    subscription: subscriptionView(subscription),
    usage: { patients: usage.patients, charts: usage.charts, ai_runs: usage.aiRuns, storage_bytes: usage.storageBytes },
  };
}

/**
 * Administration: the account list and the operator's changes to one account. Every method first
 * checks that the caller's account has the admin role, read from the database on each call (a
 * demoted admin's live token stops working at once). Changes are recorded in the audit trail,
 * refusals too.
 */
export function createAdminService({ repository, membership, audit, trail, clock }: AdminServiceDeps) {
  async function requireAdmin(caller: AdminCaller, action?: AdminAction, targetId?: string): Promise<void> {
    if ((await repository.roleOf(caller.userId)) === 'admin') return;
    if (action) {
      await audit.record({
        actorUserId: caller.userId,
        ownerUserId: null,
        action,
        targetType: 'user',
        targetId: targetId ?? null,
        ip: caller.ip,
        userAgent: caller.userAgent,
        outcome: 'denied',
      });
    }
    throw new AppError('ADMIN_REQUIRED', undefined, { key: 'admin.error.required' });
  }

  /** Changes that could end an administrator's own access (expiry; a role change, should a route ever offer one). */
  function refuseOwnAccount(caller: AdminCaller, user: AdminUserRow): void {
    if (user.id === caller.userId) throw new AppError('ADMIN_SELF_CHANGE', undefined, { key: 'admin.error.selfChange' });
  }

  async function target(uuid: string): Promise<AdminUserRow> {
    const user = await repository.findByUuid(uuid);
    if (!user) throw new AppError('NOT_FOUND', 'No such account.', { key: 'admin.error.notFound' });
    return user;
  }

  async function accountOf(uuid: string): Promise<AdminAccount> {
    const user = await target(uuid);
    const [subscription, usage, failures] = await Promise.all([
      repository.subscriptionOf(user.id),
      repository.usage([user.id]),
      repository.loginFailures(user.email),
    ]);
    return toAccount(user, subscription ?? null, usage.get(user.id) ?? NO_USAGE, failures, clock.now());
  }

  /** Checks the caller, runs the change on the target and records it (or its refusal) in the trail. */
  type Change = (user: AdminUserRow) => Promise<Record<string, unknown>>;
  async function act(caller: AdminCaller, action: AdminAction, uuid: string, change: Change) {
    await requireAdmin(caller);
    const user = await target(uuid);
    const entry = {
      actorUserId: caller.userId,
      ownerUserId: user.id,
      action,
      targetType: 'user',
      targetId: user.uuid,
      ip: caller.ip,
      userAgent: caller.userAgent,
    };
    let detail: Record<string, unknown>;
    try {
      detail = await change(user);
    } catch (error) {
      if (error instanceof AppError) await audit.record({ ...entry, outcome: 'failed', detail: { code: error.code } });
      throw error;
    }
    await audit.record({ ...entry, outcome: 'success', detail });
    return accountOf(uuid);
  }

  /**
   * Reading the trail is itself an event (`admin.audit_view`): with the admin as actor and, when the
   * filter named one account, that account as owner, so it sees in its own activity log that an
   * administrator read its trail. The detail holds the filters (the account as its id).
   */
  async function readTrail<T>(
    caller: AdminCaller,
    query: AdminAuditQueryInput,
    format: 'page' | 'csv',
    read: (accountIds: number[] | undefined) => T | Promise<T>,
  ): Promise<T> {
    await requireAdmin(caller);
    const accountIds = await trail.accountsNamed(query.account);
    const result = await read(accountIds);
    await audit.record({
      actorUserId: caller.userId,
      ownerUserId: accountIds?.length === 1 ? (accountIds[0] ?? null) : null,
      action: 'admin.audit_view',
      targetType: accountIds?.length === 1 ? 'user' : 'none',
      targetId: accountIds?.length === 1 ? String(accountIds[0]) : null,
      ip: caller.ip,
      userAgent: caller.userAgent,
      outcome: 'success',
      detail: {
        format,
        ...(accountIds !== undefined && { accounts: accountIds.slice(0, 10) }),
        ...(query.patient_id !== undefined && { patientId: query.patient_id }),
        ...(query.action && { action: query.action }),
        ...(query.outcome && { outcome: query.outcome }),
        ...(query.from && { from: query.from }),
        ...(query.to && { to: query.to }),
        ...(query.cursor && { paged: true }),
      },
    });
    return result;
  }

  return {
    /** The transport's guard, before any input is read: refusals of an action are recorded. */
    authorize: requireAdmin,

    /** A page of every account's events (features/audit), newest first; the reading is recorded. */
    auditPage: (caller: AdminCaller, query: AdminAuditQueryInput): Promise<AdminAuditPage> =>
      readTrail(caller, query, 'page', (ids) => trail.page(query, ids)),

    /** The filtered events as CSV (UTF-8 with BOM); the download is recorded. */
    auditCsv: (caller: AdminCaller, query: AdminAuditQueryInput): Promise<Readable> =>
      readTrail(caller, query, 'csv', (ids) => trail.csv(query, ids)),

    async list(caller: AdminCaller, query: AdminAccountsQuery): Promise<AdminAccountPage> {
      await requireAdmin(caller);
      const now = clock.now();
      const afterId = query.after === undefined ? undefined : Number(query.after);
      const { rows, more } = await repository.page({
        q: query.q || undefined,
        filter: query.filter,
        afterId,
        limit: query.limit,
        now: new Date(now),
      });
      const usage = await repository.usage(rows.map((r) => r.user.id));
      const accounts = rows.map(({ user, subscription }) => toAccount(user, subscription, usage.get(user.id) ?? NO_USAGE, 0, now));
      const last = rows.at(-1);
      return { accounts, next_cursor: more && last ? String(last.user.id) : null };
    },

    /** K017 ends: the account waiting for administrator authentication may sign in. */
    approve: (caller: AdminCaller, uuid: string) =>
      act(caller, 'admin.approve', uuid, async (user) => {
        if (!(await repository.approve(user.id, new Date(clock.now())))) {
          throw new AppError('CONFLICT', 'The account is not awaiting administrator authentication.', { key: 'admin.error.notPending' });
        }
        return { from: user.status, to: 'active' };
      }),

    /**
     * The account's expiry, through the membership rules: the subscription ends there and the user's
     * expires_at follows. Never the caller's own: an administrator who expired themselves would be
     * locked out of the page that undoes it (another administrator sets it).
     */
    setExpiry: (caller: AdminCaller, uuid: string, expiresAt: Date) =>
      act(caller, 'admin.set_expiry', uuid, async (user) => {
        refuseOwnAccount(caller, user);
        const after = await membership.setAccessEnd(user.id, expiresAt);
        return { from: user.expiresAt?.toISOString() ?? null, to: after.access_ends_at, subscription: after.state };
      }),

    /** Locked after failed sign-ins -> active; the failure counts (also the slow-down per address) start over. */
    unlock: (caller: AdminCaller, uuid: string) =>
      act(caller, 'admin.unlock', uuid, async (user) => {
        await repository.unlock(user, new Date(clock.now()));
        return { from: user.status, failures: user.failedLoginCount };
      }),

    changeType: (caller: AdminCaller, uuid: string, userType: UserTypeCd) =>
      act(caller, 'admin.change_type', uuid, async (user) => {
        await repository.setType(user.id, userType, new Date(clock.now()));
        return { from: user.userTypeCd, to: userType };
      }),
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
