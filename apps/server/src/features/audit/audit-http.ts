import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientOf } from '../../http/require-user';
import { auditOf, isPlainObject, type Fields } from './audit-http-endpoints';
import type { ResolvedTarget, TargetRef } from './audit-targets.repository';
import type { AuditService } from './audit.service';

const errorCodes = new WeakMap<FastifyRequest, string>();
const resolvedBefore = new WeakMap<FastifyRequest, Array<ResolvedTarget | null>>();
/** A clinic call's clinic, as the caller's membership was before the request (`RouteAudit.clinic`). */
const clinicBefore = new WeakMap<FastifyRequest, number | null>();

/**
 * Records the audited REST routes in one place (no edits in their handlers), as the table of
 * `audit-http-endpoints.ts` says. Registered on the
 * root instance before the features, so the hooks reach routes in every plugin scope. A request
 * refused before authentication (no caller) is not a data access and is not recorded here.
 */
export function registerAuditHooks(app: FastifyInstance, audit: AuditService): void {
  app.addHook('onError', async (request, _reply, error) => {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string') errorCodes.set(request, code);
  });
  // After the body is parsed, before the handler: the targets as the request named them, looked up
  // before the request may consume them (a checked upload's row is deleted, a refused detection
  // discards its draft chart). Not for a signed URL: its signature is checked by the handler, and
  // an unsigned request must not cost a look-up.
  app.addHook('preHandler', async (request) => {
    const audited = auditedRequest(request);
    if (audited?.spec.clinic && audited.actor !== null) clinicBefore.set(request, await audit.clinicOf(audited.actor));
    if (audited && !audited.spec.signed) {
      resolvedBefore.set(request, await Promise.all(audited.targets.map((target) => audit.resolveTarget(target))));
    }
  });
  // onSend, not onResponse: the event is written before the answer leaves, so a client (or a test)
  // that reads the trail right after its request finds it. A look-up and an insert per target: small.
  app.addHook('onSend', async (request, reply, payload) => {
    const audited = auditedRequest(request);
    if (!audited) return payload;
    const { spec, body, params, actor, space, targets } = audited;
    const failed = reply.statusCode >= 400;
    const client = clientOf(request);
    const detail = spec.detail?.(body, params);
    if (spec.signed) {
      if (!failed) await recordSignedFetch(audit, { action: spec.action(body), target: targets[0] ?? null, client, detail });
      return payload;
    }
    if (actor === null) return payload;
    const before = resolvedBefore.get(request);
    const clinicId = spec.clinic ? (clinicBefore.get(request) ?? (await audit.clinicOf(actor))) : null;
    // A request that names nothing is still one event (a batch export, the AI adaptation switch).
    const named: Array<TargetRef | null> = targets.length > 0 ? targets : [null];
    for (const [i, target] of named.entries()) {
      await audit.access({
        actorUserId: actor,
        ...(space && { actor: space }),
        ...(clinicId !== null && { ownerClinicId: clinicId }),
        client,
        action: spec.action(body),
        target,
        // Absent when the request was refused before its handler (validation): access() looks it up.
        ...(before !== undefined && { resolved: before[i] ?? null }),
        ...(failed && { error: { code: errorCodes.get(request) ?? `HTTP_${reply.statusCode}` } }),
        ...(detail && { detail }),
      });
    }
    return payload;
  });
}

/** A signed URL's answered fetch: a personal film's under its owner (the only account issued one), a clinic film's under the clinic. */
async function recordSignedFetch(
  audit: AuditService,
  fetch: { action: string; target: TargetRef | null; client: { ip: string; userAgent: string | null }; detail: Fields | undefined },
): Promise<void> {
  const resolved = await audit.resolveTarget(fetch.target);
  if (!resolved) return;
  await audit.access({
    actorUserId: resolved.clinicId === null ? resolved.ownerUserId : null,
    client: fetch.client,
    action: fetch.action,
    target: fetch.target,
    resolved,
    ...(fetch.detail && { detail: { ...fetch.detail, via: 'signed-url' } }),
  });
}

/** An audited route (called by an authenticated user, or a signed URL), with what the request named; null otherwise. */
function auditedRequest(request: FastifyRequest) {
  const spec = auditOf(request);
  const actor = request.auth?.userId ?? null;
  // The space the caller worked in (the bearer check's actor): whether the target was theirs.
  const space = request.auth?.actor ?? null;
  if (!spec || (actor === null && !spec.signed)) return null;
  const body = isPlainObject(request.body) ? request.body : {};
  const params = isPlainObject(request.params) ? request.params : {};
  const named = spec.target(body, params);
  const targets = named === null ? [] : Array.isArray(named) ? named : [named];
  return { spec, body, params, actor, space, targets };
}
