import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import { AppError } from '../../errors/app-error';
import type { AuditRepository } from './audit.repository';
import type { AuditTargetRepository, ResolvedTarget, TargetRef } from './audit-targets.repository';

/**
 * One event of the audit trail. `ownerUserId` is whose data it is (the real owner also when the
 * actor was refused); `actorUserId` is null only for a sign-in attempt with an unknown address.
 * `detail` is small and never holds patient names, film contents, passwords or codes.
 */
export interface AuditEntry {
  actorUserId: number | null;
  ownerUserId: number | null;
  action: string;
  targetType: string;
  targetId: string | null;
  ip: string | null;
  userAgent?: string | null;
  outcome: 'success' | 'denied' | 'failed';
  detail?: Record<string, unknown>;
}

/** One access to patient data, as a transport saw it: who, from where, what, and how it ended. */
export interface AccessEvent {
  actorUserId: number;
  client: { ip: string; userAgent: string | null };
  action: string;
  /** Null when the request named nothing resolvable (a create that failed before it had an id). */
  target: TargetRef | null;
  /**
   * The target as `resolveTarget` found it before the request ran, for a request that consumes
   * what it names (a finished upload's row is gone afterwards); undefined: looked up now.
   */
  resolved?: ResolvedTarget | null;
  /** Undefined: it succeeded; otherwise the error that refused it. */
  error?: unknown;
  detail?: Record<string, unknown>;
}

export interface AuditServiceDeps {
  repository: AuditRepository;
  targets: AuditTargetRepository;
  clock: Clock;
  log: FastifyBaseLogger;
}

// A user agent is kept for "which browser", not as a fingerprint: the first 200 characters are enough.
const USER_AGENT_CHARS = 200;

/**
 * One opened viewer reads its chart and film several times (queries refetched on focus, the display
 * image and its thumbnail). A successful view of the same target by the same user from the same
 * address within this window is one access: it is recorded once. Denied and failed views, and every
 * change, are always recorded. Kept per process: with several `api` processes a repeat may still
 * land twice, never less than once.
 */
export const VIEW_REPEAT_WINDOW_MS = 60_000;
const VIEW_MEMORY_LIMIT = 10_000;

export function createAuditService({ repository, targets, clock, log }: AuditServiceDeps) {
  const lastViews = new Map<string, number>();
  /** True when this successful view repeats one recorded within the window (and remembers it otherwise). */
  function repeatedView(event: AccessEvent, targetId: string | null): boolean {
    if (!event.action.endsWith('.view') || event.target === null) return false;
    const key = `${event.actorUserId}|${event.action}|${event.target.kind}|${targetId}|${event.client.ip}`;
    const now = clock.now();
    const last = lastViews.get(key);
    if (last !== undefined && now - last < VIEW_REPEAT_WINDOW_MS) return true;
    if (lastViews.size >= VIEW_MEMORY_LIMIT) {
      for (const [k, at] of lastViews) if (now - at >= VIEW_REPEAT_WINDOW_MS) lastViews.delete(k);
      if (lastViews.size >= VIEW_MEMORY_LIMIT) lastViews.clear();
    }
    lastViews.set(key, now);
    return false;
  }

  const service = {
    /**
     * Appends one event. Never throws: a trail that cannot be written must not fail the user's
     * request, but the failure is logged at error level (with the event, which holds no patient
     * data) so it is seen rather than silently skipped.
     */
    async record(entry: AuditEntry): Promise<void> {
      try {
        await repository.insert({
          at: new Date(clock.now()),
          actorUserId: entry.actorUserId,
          ownerUserId: entry.ownerUserId,
          action: entry.action,
          targetType: entry.targetType,
          targetId: entry.targetId,
          ip: entry.ip,
          userAgent: entry.userAgent?.slice(0, USER_AGENT_CHARS) ?? null,
          outcome: entry.outcome,
          detail: entry.detail ?? null,
        });
      } catch (error) {
        log.error({ err: error, audit: { ...entry, detail: undefined } }, 'audit event could not be recorded');
      }
    },

    /**
     * The target's real owner, patient and chart, or null (nothing named, nothing found, or the
     * look-up failed: logged, never thrown, like every write of the trail).
     */
    async resolveTarget(target: TargetRef | null): Promise<ResolvedTarget | null> {
      if (!target) return null;
      return targets.resolve(target).catch((error: unknown) => {
        log.error({ err: error }, 'audit target could not be resolved');
        return null;
      });
    },

    /**
     * Records an access to a patient, chart, image or record. The target's real owner is looked up,
     * so a refused request for someone else's data is `denied` with that owner (who then sees it in
     * their trail); a failure on one's own or on nothing is `failed`.
     */
    async access(event: AccessEvent): Promise<void> {
      const resolved = event.resolved !== undefined ? event.resolved : await service.resolveTarget(event.target);
      const failed = event.error !== undefined;
      const foreign = resolved !== null && resolved.ownerUserId !== event.actorUserId;
      const outcome = !failed ? 'success' : foreign ? 'denied' : 'failed';
      const detail: Record<string, unknown> = { ...event.detail };
      if (resolved) detail['patientId'] = resolved.patientId;
      if (resolved?.chartId && event.target?.kind !== 'chart') detail['chartId'] = resolved.chartId;
      if (failed) detail['code'] = codeOf(event.error);
      const targetId = targetIdOf(event.target, resolved?.chartId ?? null);
      if (outcome === 'success' && repeatedView(event, targetId)) return;
      await service.record({
        actorUserId: event.actorUserId,
        ownerUserId: resolved?.ownerUserId ?? event.actorUserId,
        action: event.action,
        targetType: event.target?.kind ?? 'none',
        targetId,
        ip: event.client.ip,
        userAgent: event.client.userAgent,
        outcome,
        detail: Object.keys(detail).length > 0 ? detail : undefined,
      });
    },
  };
  return service;
}

function codeOf(error: unknown): string {
  if (error instanceof AppError) return error.code;
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') return error.code;
  return 'INTERNAL';
}

/** A chart is named by its `chart_id` string in the trail, whichever of its ids the request used. */
function targetIdOf(target: TargetRef | null, chartId: string | null): string | null {
  if (!target) return null;
  if (target.kind === 'chart') return chartId ?? String(target.id);
  return String(target.id);
}

export type AuditService = ReturnType<typeof createAuditService>;
