import type { AuditRecordDocument } from '@ceppro/contract';
import type { FastifyBaseLogger } from 'fastify';
import { inActorSpace, personalActor, type Actor } from '../../access/index';
import type { Clock } from '../../clock';
import { AppError } from '../../errors/app-error';
import { escapeDetail, escapeNullable, escapeText } from './audit-escape';
import { actionAsked, describeRecordSave, documentsToRead, type RecordChange } from './audit-record-changes';
import { createRefusalLimiter } from './audit-refusals';
import type { AuditRepository } from './audit.repository';
import type { AuditTargetRepository, RecordState, ResolvedTarget, TargetRef } from './audit-targets.repository';

/**
 * One event of the audit trail. `ownerUserId` is whose data it is (the real owner also when the
 * actor was refused), or `ownerClinicId` when it is a clinic's (then `ownerUserId` is null); the
 * member who acted is always `actorUserId`, null only for a sign-in attempt with an unknown address
 * (and a clinic film fetched through a signed URL, which names no one). `detail` is small and never
 * holds patient names, film contents, passwords or codes.
 */
export interface AuditEntry {
  actorUserId: number | null;
  ownerUserId: number | null;
  ownerClinicId?: number | null;
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
  /** Null only for a clinic's film fetched through a signed URL (audit-http.ts): the URL names no one. */
  actorUserId: number | null;
  /**
   * The space the actor worked in (the request's actor): whether the target is their own data is the
   * access policy's answer in that space. Absent: the actor's personal space.
   */
  actor?: Actor;
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
  /**
   * What a read returned, for the repeat rule (`VIEW_REPEAT_WINDOW_MS`): a list page that returns the
   * same ids again within the window is the same access. Needed for a read without a single target.
   */
  repeatKey?: string;
  /** Whose trail when no target names it: this clinic's (a clinic's own calls, audit-http.ts), not the actor's space. */
  ownerClinicId?: number;
}

export interface AuditServiceDeps {
  repository: AuditRepository;
  targets: AuditTargetRepository;
  clock: Clock;
  log: FastifyBaseLogger;
}

// A user agent is kept for "which browser", not as a fingerprint: the first 200 characters are enough.
const USER_AGENT_CHARS = 200;
// An id as the request sent it: a real one is far shorter; a longer one is cut (and marked so).
const ID_CHARS = 200;

/**
 * One opened viewer reads its chart and film several times (queries refetched on focus, the display
 * image and its thumbnail), and the patient list is read again on every return to it. A successful
 * read (`*.view`, `*.list`, `*.fetch`) of the same target (for a list: the same ids returned) by the
 * same user from the same address within this window is one access: it is recorded once. Denied and
 * failed reads, and every change, are always recorded. Kept per process: with several `api`
 * processes a repeat may still land twice, never less than once.
 */
export const VIEW_REPEAT_WINDOW_MS = 60_000;
const VIEW_MEMORY_LIMIT = 10_000;
const READ_VERB = /\.(view|list|fetch)$/;

export function createAuditService({ repository, targets, clock, log }: AuditServiceDeps) {
  const refusals = createRefusalLimiter(clock, (entry) => service.record(entry));
  const lastViews = new Map<string, number>();
  /** True when this successful read repeats one recorded within the window (and remembers it otherwise). */
  function repeatedRead(event: AccessEvent, targetId: string | null, resolved: ResolvedTarget | null): boolean {
    if (!READ_VERB.test(event.action) || (event.target === null && event.repeatKey === undefined)) return false;
    // A chart's one analysis record, named by its id or by its chart, is the same thing read.
    const about =
      event.target?.kind === 'analysis_record' && resolved?.chartId ? `chart|${resolved.chartId}` : `${event.target?.kind}|${targetId}`;
    const key = `${event.actorUserId}|${event.action}|${about}|${event.client.ip}|${event.repeatKey ?? ''}`;
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
        // Every string escaped (audit-escape.ts): a NUL or a lone surrogate in an id must not lose the event.
        await repository.insert({
          at: new Date(clock.now()),
          actorUserId: entry.actorUserId,
          ownerUserId: entry.ownerUserId,
          ownerClinicId: entry.ownerClinicId ?? null,
          action: escapeText(entry.action, 100),
          targetType: escapeText(entry.targetType, 100),
          targetId: escapeNullable(entry.targetId, ID_CHARS),
          ip: escapeNullable(entry.ip, 100),
          userAgent: escapeNullable(entry.userAgent?.slice(0, USER_AGENT_CHARS) ?? null, USER_AGENT_CHARS),
          outcome: entry.outcome,
          detail: entry.detail ? (escapeDetail(entry.detail) as Record<string, unknown>) : null,
        });
      } catch (error) {
        log.error({ err: error, audit: { ...entry, detail: undefined } }, 'audit event could not be recorded');
      }
    },

    /**
     * The target's real owner, patient and chart, or null (nothing named, nothing found, or the
     * look-up failed: logged, never thrown, like every write of the trail).
     */
    /** The clinic `userId` is a live member of, or null (also when the look-up failed: logged). */
    async clinicOf(userId: number): Promise<number | null> {
      return targets.liveClinicOf(userId).catch((error: unknown) => {
        log.error({ err: error }, 'audit could not read a clinic membership');
        return null;
      });
    },

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
     * their trail, with the patient and chart it resolved to); a failure on one's own or on nothing
     * is `failed`. A failed or refused request also keeps `requested`: the target exactly as the
     * actor sent it, which is all the actor's own view of the row shows (audit-trail.service.ts).
     * Refusals beyond the per-minute allowance are counted, not written (audit-refusals.ts).
     */
    async access(event: AccessEvent): Promise<void> {
      const resolved = event.resolved !== undefined ? event.resolved : await service.resolveTarget(event.target);
      const actor = event.actor ?? (event.actorUserId === null ? null : personalActor(event.actorUserId));
      const failed = event.error !== undefined;
      // Not the actor's own data: outside the space they worked in (another account's, another
      // clinic's, or their clinic's while they worked in their personal space).
      const foreign =
        resolved !== null && (actor === null || !inActorSpace(actor, { creatorUserId: resolved.ownerUserId, clinicId: resolved.clinicId }));
      const outcome = !failed ? 'success' : foreign ? 'denied' : 'failed';
      const detail: Record<string, unknown> = { ...event.detail };
      if (resolved) detail['patientId'] = resolved.patientId;
      if (resolved?.chartId && event.target?.kind !== 'chart') detail['chartId'] = resolved.chartId;
      if (typeof resolved?.imageId === 'number') detail['imageId'] = resolved.imageId;
      if (failed) detail['code'] = codeOf(event.error);
      if (failed && event.target) detail['requested'] = { type: event.target.kind, id: String(event.target.id).slice(0, ID_CHARS) };
      const targetId = targetIdOf(event.target, resolved?.chartId ?? null);
      if (outcome === 'success' && repeatedRead(event, targetId, resolved)) return;
      // Whose data: the target's real owner (a clinic's patient: the clinic), else the actor's space.
      const owner = resolved
        ? ownerOfPatient(resolved)
        : event.ownerClinicId !== undefined
          ? { ownerUserId: null, ownerClinicId: event.ownerClinicId }
          : actor
            ? ownerOfSpace(actor)
            : { ownerUserId: null, ownerClinicId: null };
      // An id that names no data of the actor's (someone else's, or nothing): limited per minute, the same for both.
      if (failed && event.actorUserId !== null && event.target !== null && (resolved === null || foreign)) {
        const refusal = { actorUserId: event.actorUserId, owner: foreign ? owner : null, action: event.action, client: event.client };
        if (!(await refusals.admit(refusal))) return;
      }
      await service.record({
        actorUserId: event.actorUserId,
        ...owner,
        action: event.action,
        targetType: event.target?.kind ?? 'none',
        targetId,
        ip: event.client.ip,
        userAgent: event.client.userAgent,
        outcome,
        detail: Object.keys(detail).length > 0 ? detail : undefined,
      });
    },

    /**
     * The documents of an analysis record a save of `named` ones may change, now (for telling what it
     * changed); null when gone or unreadable (logged).
     */
    async recordState(id: number | null, named: readonly AuditRecordDocument[]): Promise<RecordState | null> {
      if (id === null) return null;
      return targets.recordState(id, documentsToRead(named)).catch((error: unknown) => {
        log.error({ err: error }, 'audit could not read an analysis record');
        return null;
      });
    },

    /**
     * What a successful save of record `id` changed among the `named` documents, from its state
     * `before` (null: it did not exist); null when nothing changed. A look-up that fails is logged
     * and reads as a change of everything named (recorded rather than lost).
     */
    async describeSave(named: readonly AuditRecordDocument[], before: RecordState | null, id: number | null): Promise<RecordChange | null> {
      const after = await service.recordState(id, named);
      const asked: RecordChange = { action: actionAsked(named), detail: { documents: [...named] } };
      if (after === null) return asked;
      return describeRecordSave(targets, named, before, after).catch((error: unknown) => {
        log.error({ err: error }, 'audit could not tell what a save changed');
        return asked;
      });
    },

    /**
     * Writes the summaries of refusal windows that are over (each also ends on its own clock timer;
     * `all`: every window, on shutdown) and waits for those being written.
     */
    flushRefusals: (all = false): Promise<void> => refusals.flush(all),
  };
  return service;
}

/** Whose data an event is: an account's (a personal patient), or a clinic's. */
export interface AuditOwner {
  ownerUserId: number | null;
  ownerClinicId: number | null;
}

/** A patient's owner in the trail: its clinic when it is a clinic's (the clinic's owner reads those rows), else its account. */
function ownerOfPatient(target: Pick<ResolvedTarget, 'ownerUserId' | 'clinicId'>): AuditOwner {
  return target.clinicId !== null
    ? { ownerUserId: null, ownerClinicId: target.clinicId }
    : { ownerUserId: target.ownerUserId, ownerClinicId: null };
}

/** The owner of what an actor did without a target (a list, a batch export, the AI profile): their space. */
function ownerOfSpace(actor: Actor): AuditOwner {
  return actor.clinicId !== null
    ? { ownerUserId: null, ownerClinicId: actor.clinicId }
    : { ownerUserId: actor.userId, ownerClinicId: null };
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
