import type { AdminAccountFilter, UserRole, UserTypeCd } from '@ceppro/contract';
import { and, desc, eq, ilike, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { liveChartData } from '../../db/live-image';
import { analysisRecords, chartData, charts, loginFailures, patients, subscriptions, users } from '../../db/schema/index';

export type AdminUserRow = typeof users.$inferSelect;
export type AdminSubscriptionRow = typeof subscriptions.$inferSelect;
export interface AccountUsageRow {
  patients: number;
  charts: number;
  aiRuns: number;
  storageBytes: number;
}

const live = isNull(users.deletedAt);

/** `%`, `_` and `\` typed into the search box are matched literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filterCondition(filter: AdminAccountFilter, now: Date): SQL | undefined {
  switch (filter) {
    case 'pending':
      return eq(users.status, 'pending_admin');
    case 'expired':
      return and(isNotNull(users.expiresAt), lte(users.expiresAt, now));
    case 'locked':
      return eq(users.status, 'locked');
    case 'all':
      return undefined;
  }
}

/** The SQL of administration: the account list with its subscription and usage, and the admin's changes. */
export function createAdminRepository(db: AppDatabase) {
  return {
    async roleOf(userId: number): Promise<UserRole | undefined> {
      const [row] = await db
        .select({ role: users.role })
        .from(users)
        .where(and(eq(users.id, userId), live));
      return row?.role;
    },

    async findByUuid(uuid: string): Promise<AdminUserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.uuid, uuid), live));
      return row;
    },

    async findByEmail(email: string): Promise<AdminUserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, live));
      return row;
    },

    /** Newest first, keyset-paged on the id (identity, so creation order); one row more than asked tells if a page follows. */
    async page(input: { q?: string | undefined; filter: AdminAccountFilter; afterId?: number | undefined; limit: number; now: Date }) {
      const search = input.q ? or(ilike(users.email, likePattern(input.q)), ilike(users.firstName, likePattern(input.q))) : undefined;
      const rows = await db
        .select({ user: users, subscription: subscriptions })
        .from(users)
        .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
        .where(
          and(
            live,
            search,
            filterCondition(input.filter, input.now),
            input.afterId === undefined ? undefined : lt(users.id, input.afterId),
          ),
        )
        .orderBy(desc(users.id))
        .limit(input.limit + 1);
      return { rows: rows.slice(0, input.limit), more: rows.length > input.limit };
    },

    /** Patients, charts, model runs and stored bytes per account, drafts and deleted rows left out. */
    async usage(userIds: number[]): Promise<Map<number, AccountUsageRow>> {
      const result = new Map<number, AccountUsageRow>(userIds.map((id) => [id, { patients: 0, charts: 0, aiRuns: 0, storageBytes: 0 }]));
      if (userIds.length === 0) return result;
      const livePatient = and(inArray(patients.userId, userIds), isNull(patients.deletedAt), isNull(patients.draftExpiresAt));
      const liveChart = and(livePatient, isNull(charts.deletedAt), isNull(charts.draftExpiresAt));
      const [patientCounts, chartCounts, runCounts, bytes] = await Promise.all([
        db
          .select({ userId: patients.userId, n: sql<number>`count(*)::int` })
          .from(patients)
          .where(livePatient)
          .groupBy(patients.userId),
        db
          .select({ userId: patients.userId, n: sql<number>`count(*)::int` })
          .from(charts)
          .innerJoin(patients, eq(charts.patientRef, patients.id))
          .where(liveChart)
          .groupBy(patients.userId),
        db
          .select({ userId: patients.userId, n: sql<number>`count(*)::int` })
          .from(analysisRecords)
          .innerJoin(charts, eq(analysisRecords.chartRef, charts.id))
          .innerJoin(patients, eq(charts.patientRef, patients.id))
          .where(and(liveChart, isNull(analysisRecords.deletedAt), isNotNull(analysisRecords.inferResult)))
          .groupBy(patients.userId),
        db
          .select({ userId: patients.userId, n: sql<string>`coalesce(sum(${chartData.sizeBytes}), 0)::text` })
          .from(chartData)
          .innerJoin(charts, eq(chartData.chartRef, charts.id))
          .innerJoin(patients, eq(charts.patientRef, patients.id))
          .where(and(liveChart, liveChartData))
          .groupBy(patients.userId),
      ]);
      const put = (rows: Array<{ userId: number; n: number | string }>, key: keyof AccountUsageRow) => {
        for (const row of rows) {
          const usage = result.get(row.userId);
          if (usage) usage[key] = Number(row.n);
        }
      };
      put(patientCounts, 'patients');
      put(chartCounts, 'charts');
      put(runCounts, 'aiRuns');
      put(bytes, 'storageBytes');
      return result;
    },

    async subscriptionOf(userId: number): Promise<AdminSubscriptionRow | undefined> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
      return row;
    },

    /** pending_admin -> active; false when the account was not waiting for an administrator. */
    async approve(userId: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ status: 'active', adminApprovedAt: at, updatedAt: at })
        .where(and(eq(users.id, userId), eq(users.status, 'pending_admin'), live))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /** Locked -> active, and every failed-login count on the account and its email starts over. */
    async unlock(user: Pick<AdminUserRow, 'id' | 'email' | 'status'>, at: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ failedLoginCount: 0, updatedAt: at, ...(user.status === 'locked' && { status: 'active' as const }) })
          .where(eq(users.id, user.id));
        await tx.delete(loginFailures).where(eq(loginFailures.email, user.email.toLowerCase()));
      });
    },

    async loginFailures(email: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`coalesce(max(${loginFailures.failures}), 0)::int` })
        .from(loginFailures)
        .where(eq(loginFailures.email, email.toLowerCase()));
      return row?.n ?? 0;
    },

    async setType(userId: number, userTypeCd: UserTypeCd, at: Date): Promise<void> {
      await db.update(users).set({ userTypeCd, updatedAt: at }).where(eq(users.id, userId));
    },

    async setRole(userId: number, role: UserRole, at: Date): Promise<void> {
      await db.update(users).set({ role, updatedAt: at }).where(eq(users.id, userId));
    },

    async admins(): Promise<AdminUserRow[]> {
      return db
        .select()
        .from(users)
        .where(and(eq(users.role, 'admin'), live))
        .orderBy(users.id);
    },
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
