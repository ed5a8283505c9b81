import type { JobKind } from '@ceppro/contract';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDatabase } from '../db/database';
import { queryRows } from '../db/raw-query';
import { jobs } from '../db/schema/index';

export interface NewJob {
  kind: JobKind;
  payload: Record<string, unknown>;
  userId: number | null;
  /** At most one queued or running job per key; a second enqueue with the same key is dropped. */
  dedupeKey?: string | undefined;
}

const claimedSchema = z.object({
  id: z.string(),
  kind: z.string(),
  payload: z.record(z.string(), z.unknown()),
  user_id: z.number().nullable(),
  attempts: z.number(),
});

/** Active (queued or running) jobs of one kind, as admission sees them (countActive). */
export interface ActiveJobs {
  all: number;
  queued: number;
  /** The asking user's. */
  mine: number;
  /** Users with at least one. */
  users: number;
}

export interface ClaimedJob {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  userId: number | null;
  /** 1 on the first run. */
  attempts: number;
}

/**
 * SQL of the job queue. Claims are raw SQL: `FOR UPDATE SKIP LOCKED` inside the UPDATE's subquery
 * lets several processes (or several loops of one) take different rows without waiting on each other.
 */
export function createJobRepository(db: AppDatabase) {
  return {
    /** Returns the job id, or null when an active job with the same dedupe key already exists. */
    async enqueue(tx: AppDatabase, job: NewJob): Promise<string | null> {
      const rows = await tx
        .insert(jobs)
        .values({ kind: job.kind, payload: job.payload, userId: job.userId, dedupeKey: job.dedupeKey ?? null })
        .onConflictDoNothing()
        .returning({ id: jobs.id });
      return rows[0]?.id ?? null;
    },

    /**
     * Takes the next due job of these kinds (or one whose lease ran out) and leases it for `leaseS`.
     * Users take turns: first the job of the user with the fewest jobs of that kind running, then
     * with the fewest served lately (started or finished, due in the last minute: the claim index
     * finds them), then with the fewest waiting (a user with one job before a user with many), then
     * the oldest. Served-lately before waiting: a user whose job just ended has one job fewer
     * waiting for a moment, and would otherwise go first again and again. Jobs of no user count as nobody's.
     */
    async claim(kinds: readonly string[], leaseS: number): Promise<ClaimedJob | null> {
      if (kinds.length === 0) return null;
      const rows = await queryRows(
        db,
        sql`update ${jobs} set status = 'running', attempts = attempts + 1, updated_at = now(),
              locked_until = now() + make_interval(secs => ${leaseS})
            where id = (
              select j.id from ${jobs} j
              where j.kind in (${sql.join(
                kinds.map((k) => sql`${k}`),
                sql`, `,
              )})
                and ((j.status = 'queued' and j.run_at <= now()) or (j.status = 'running' and j.locked_until < now()))
              order by
                (select count(*) from ${jobs} r
                  where r.kind = j.kind and r.user_id = j.user_id and r.status = 'running' and r.locked_until >= now()),
                (select count(*) from ${jobs} s
                  where s.kind = j.kind and s.user_id = j.user_id and s.status <> 'queued' and s.run_at > now() - interval '1 minute'),
                (select count(*) from ${jobs} q where q.kind = j.kind and q.user_id = j.user_id and q.status = 'queued'),
                j.run_at
              limit 1
              for update of j skip locked)
            returning id::text as id, kind, payload, user_id, attempts`,
        claimedSchema,
      );
      const row = rows[0];
      return row ? { id: row.id, kind: row.kind, payload: row.payload, userId: row.user_id, attempts: row.attempts } : null;
    },

    /** `outcome` (what a waiting request answers, job-waiter.ts) is kept in the payload as `outcome`. */
    async complete(id: string, outcome?: unknown): Promise<void> {
      await db.execute(
        sql`update ${jobs} set status = 'done', locked_until = null, last_error = null, updated_at = now(),
              payload = payload || jsonb_build_object('outcome', ${outcomeJson(outcome)}::jsonb)
            where id = ${id}`,
      );
    },

    /** Back to the queue after `delayMs`, or `failed` for good when `final` (with its `outcome`). */
    async fail(id: string, error: string, options: { final: boolean; delayMs: number; outcome?: unknown }): Promise<void> {
      const status = options.final ? 'failed' : 'queued';
      await db.execute(
        sql`update ${jobs} set status = ${status}, locked_until = null, last_error = ${error.slice(0, 1000)}, updated_at = now(),
              run_at = now() + make_interval(secs => ${options.delayMs / 1000}),
              payload = payload || jsonb_build_object('outcome', ${outcomeJson(options.final ? options.outcome : undefined)}::jsonb)
            where id = ${id}`,
      );
    },

    /** Renews the lease of a job this process is running; false when it is no longer ours to run. */
    async extendLease(id: string, leaseS: number): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseS})` })
        .where(and(eq(jobs.id, id), eq(jobs.status, 'running')))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    /** The job's state and stored outcome; null once it is gone (purged). */
    async state(id: string): Promise<{ status: string; outcome: unknown } | null> {
      const rows = await db.select({ status: jobs.status, payload: jobs.payload }).from(jobs).where(eq(jobs.id, id));
      const row = rows[0];
      return row ? { status: row.status, outcome: (row.payload as Record<string, unknown>)['outcome'] ?? null } : null;
    },

    /** Withdraws a job nobody has started (its requester stopped waiting); false when it already runs. */
    async cancelQueued(id: string, error: string): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({ status: 'failed', lastError: error, updatedAt: sql`now()` })
        .where(and(eq(jobs.id, id), eq(jobs.status, 'queued')))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    /**
     * Queued and running jobs of `kind`: all, how many are queued, how many belong to `userId`, and
     * how many users have any.
     */
    async countActive(kind: JobKind, userId: number): Promise<ActiveJobs> {
      const rows = await db
        .select({
          all: sql<number>`count(*)::int`,
          queued: sql<number>`(count(*) filter (where ${jobs.status} = 'queued'))::int`,
          mine: sql<number>`(count(*) filter (where ${jobs.userId} = ${userId}))::int`,
          users: sql<number>`count(distinct ${jobs.userId})::int`,
        })
        .from(jobs)
        .where(and(eq(jobs.kind, kind), inArray(jobs.status, ['queued', 'running'])));
      const row = rows[0];
      return {
        all: Number(row?.all ?? 0),
        queued: Number(row?.queued ?? 0),
        mine: Number(row?.mine ?? 0),
        users: Number(row?.users ?? 0),
      };
    },

    /**
     * Milliseconds until the next job of these kinds is due (a delayed retry's `run_at`, or a running
     * job's lease running out); 0 when one is due now, null when none is queued or running.
     */
    async msUntilNextDue(kinds: readonly string[]): Promise<number | null> {
      if (kinds.length === 0) return null;
      const rows = await db
        .select({
          ms: sql<number | null>`(extract(epoch from min(case when ${jobs.status} = 'queued' then ${jobs.runAt}
                 else ${jobs.lockedUntil} end) - now()) * 1000)::float8`,
        })
        .from(jobs)
        .where(and(inArray(jobs.kind, [...kinds]), inArray(jobs.status, ['queued', 'running'])));
      const ms = rows[0]?.ms;
      return ms === null || ms === undefined ? null : Math.max(0, Number(ms));
    },

    /** Finished jobs are kept a while for inspection, then dropped. */
    async purgeFinished(before: Date): Promise<number> {
      const rows = await db
        .delete(jobs)
        .where(and(inArray(jobs.status, ['done', 'failed']), lt(jobs.updatedAt, before)))
        .returning({ id: jobs.id });
      return rows.length;
    },
  };
}

export type JobRepository = ReturnType<typeof createJobRepository>;

/** JSON text for the payload's `outcome` key; `null` (no outcome) when there is none. */
function outcomeJson(outcome: unknown): string {
  return JSON.stringify(outcome ?? null);
}
