import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { AuditRepository } from './audit.repository';

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

export interface AuditServiceDeps {
  repository: AuditRepository;
  clock: Clock;
  log: FastifyBaseLogger;
}

// A user agent is kept for "which browser", not as a fingerprint: the first 200 characters are enough.
const USER_AGENT_CHARS = 200;

export function createAuditService({ repository, clock, log }: AuditServiceDeps) {
  return {
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
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
