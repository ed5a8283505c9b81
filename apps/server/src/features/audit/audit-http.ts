import { DEFINABLE_LANDMARKS } from '@ceppro/ceph';
import {
  AI_ADAPTATION_ENDPOINT,
  AUDIT_LIST_IDS_MAX,
  CLINIC_ENDPOINTS,
  CONSULTATION_ENDPOINTS,
  DICOM_OUT_ENDPOINTS,
  EXPORT_ENDPOINTS,
  FILE_ENDPOINTS,
  PLANNING_ENDPOINTS,
  REPORT_ENDPOINTS,
} from '@ceppro/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientOf } from '../../http/require-user';
import { FILES_ROUTE_PREFIX } from '../../storage/fs-storage';
import type { ResolvedTarget, TargetRef } from './audit-targets.repository';
import type { AuditService } from './audit.service';

type Fields = Record<string, unknown>;

interface RouteAudit {
  action: (body: Fields) => string;
  /** What the request names: one target, several (each recorded as its own event), or none. */
  target: (body: Fields, params: Fields) => TargetRef | TargetRef[] | null;
  detail?: (body: Fields, params: Fields) => Fields;
  /**
   * A signed URL's fetch (`/files/...`, the fs storage driver): no session. A personal film's URL is
   * issued only to its owner (`image.view`, after the access policy's `film.read`), so the fetch is
   * recorded under that account; a clinic film's under the clinic, with no actor (any member may have
   * been issued it; the issue itself, `image.view`, names them). Only a fetch that was answered is
   * recorded: a bad or expired signature names no account and reads nothing.
   */
  signed?: true;
  /**
   * A clinic's own call (invite, role, removal, ...): recorded in the trail of the clinic the caller is a
   * member of, whatever space they work in (the owner reads it), looked up before the request (a leave
   * or removal ends the membership) and, for a create or join, after it.
   */
  clinic?: true;
}

const chartIdIn = (value: unknown): TargetRef | null => (typeof value === 'string' ? { kind: 'chart', by: 'chart_id', id: value } : null);
const fixed = (action: string) => () => action;
const isPlainObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
/** Films one superimposition may name (2-4); a request naming more is refused and recorded for these. */
const SUPERIMPOSED_MAX = 4;
/** Which stored object of an image a signed URL fetched. */
const fileKind = (key: string) => (key.endsWith('.thumb.jpg') ? 'thumbnail' : key.endsWith('.display.png') ? 'display' : 'original');
/** The choices a definitions change named, short strings only (the body may be refused; the trail keeps no junk). */
const definitionChoices = (value: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(value)
      .filter(([k, v]) => (DEFINABLE_LANDMARKS as readonly string[]).includes(k) && typeof v === 'string')
      .map(([k, v]) => [k, String(v).slice(0, 40)]),
  );

/**
 * The REST routes that read or change patient data, by method and route pattern. The hook below
 * records each answered request: success, or the error, against the target's real owner.
 */
const ROUTES: Record<string, RouteAudit> = {
  // The clinic's own calls (docs/clinics.md), in the clinic's trail (`clinic`); the member or invitation
  // by its uuid, never the invited address.
  [`POST ${CLINIC_ENDPOINTS.create.path}`]: { action: fixed('clinic.create'), target: () => null, clinic: true },
  [`POST ${CLINIC_ENDPOINTS.invite.path}`]: {
    action: fixed('clinic.invite'),
    target: () => null,
    clinic: true,
    detail: (b) => ({ role: typeof b['role'] === 'string' ? b['role'].slice(0, 20) : null }),
  },
  [`DELETE ${CLINIC_ENDPOINTS.revokeInvitation.path}`]: {
    action: fixed('clinic.invite_revoke'),
    target: () => null,
    clinic: true,
    detail: (_b, p) => ({ invitation: String(p['id'] ?? '').slice(0, 40) }),
  },
  [`POST ${CLINIC_ENDPOINTS.accept.path}`]: { action: fixed('clinic.join'), target: () => null, clinic: true },
  [`PUT ${CLINIC_ENDPOINTS.changeRole.path}`]: {
    action: fixed('clinic.role_change'),
    target: () => null,
    clinic: true,
    detail: (b, p) => ({
      member: String(p['uuid'] ?? '').slice(0, 40),
      role: typeof b['role'] === 'string' ? b['role'].slice(0, 20) : null,
    }),
  },
  [`DELETE ${CLINIC_ENDPOINTS.removeMember.path}`]: {
    action: fixed('clinic.member_remove'),
    target: () => null,
    clinic: true,
    detail: (_b, p) => ({ member: String(p['uuid'] ?? '').slice(0, 40) }),
  },
  [`POST ${CLINIC_ENDPOINTS.leave.path}`]: { action: fixed('clinic.leave'), target: () => null, clinic: true },
  [`POST ${FILE_ENDPOINTS.chartDataRequest.path}`]: {
    action: fixed('image.upload'),
    target: (b) => (typeof b['upload_id'] === 'string' ? { kind: 'upload', id: b['upload_id'] } : null),
  },
  [`POST ${FILE_ENDPOINTS.download.path}`]: {
    action: fixed('image.view'),
    target: (b) => chartIdIn(b['chart_id']),
    detail: (b) => ({ thumbnails: b['thumbnail_only_check'] === true || b['thumbnail_only_check'] === 'true' }),
  },
  [`POST ${FILE_ENDPOINTS.updateShootDate.path}`]: { action: fixed('image.update'), target: (b) => chartIdIn(b['chart_id']) },
  [`POST ${FILE_ENDPOINTS.discardUpload.path}`]: { action: fixed('image.discard'), target: (b) => chartIdIn(b['chart_id']) },
  [`POST ${FILE_ENDPOINTS.cephLandmark.path}`]: { action: fixed('landmarks.detect'), target: (b) => chartIdIn(b['chart_id']) },
  [`POST ${EXPORT_ENDPOINTS.chart.path}`]: {
    action: (b) => (b['format'] === 'xlsx' ? 'export.xlsx' : 'export.csv'),
    target: (b) => chartIdIn(b['chart_id']),
    detail: (b) => ({ analyses: b['analyses'] === 'all' ? 'all' : 'selected' }),
  },
  [`POST ${EXPORT_ENDPOINTS.landmarks.path}`]: { action: fixed('export.landmarks'), target: (b) => chartIdIn(b['chart_id']) },
  [`POST ${EXPORT_ENDPOINTS.batch.path}`]: {
    action: fixed('export.batch'),
    target: () => null,
    detail: (b) => ({
      format: b['format'] === 'xlsx' ? 'xlsx' : 'csv',
      patients: Array.isArray(b['patient_ids']) ? b['patient_ids'].length : 'all',
      ...(Array.isArray(b['patient_ids']) && {
        patientIds: b['patient_ids'].filter((id) => Number.isSafeInteger(id)).slice(0, AUDIT_LIST_IDS_MAX),
      }),
    }),
  },
  // Planning reads the chart's films and landmarks: the facial photo's auto-alignment, and the
  // superimposition of a patient's films (one event per film named).
  [`POST ${PLANNING_ENDPOINTS.autoAlign.path}`]: { action: fixed('chart.auto_align'), target: (b) => chartIdIn(b['chart_id']) },
  [`POST ${PLANNING_ENDPOINTS.superimposition.path}`]: {
    action: fixed('chart.superimpose'),
    target: (b) =>
      (Array.isArray(b['chart_ids']) ? b['chart_ids'] : [])
        .slice(0, SUPERIMPOSED_MAX)
        .map(chartIdIn)
        .filter((t): t is TargetRef => t !== null),
    detail: (b) => ({
      ...(typeof b['method'] === 'string' && { method: b['method'].slice(0, 20) }),
      films: Array.isArray(b['chart_ids']) ? b['chart_ids'].length : 0,
    }),
  },
  // The film's bytes fetched through a signed URL of the fs store (on S3 the fetch goes to S3, which
  // the server never sees: there the URL's issue, `image.view`, is the last thing recorded).
  [`GET ${FILES_ROUTE_PREFIX}/*`]: {
    action: fixed('image.fetch'),
    target: (_b, p) => (typeof p['*'] === 'string' ? { kind: 'file', id: p['*'] } : null),
    detail: (_b, p) => ({ file: fileKind(String(p['*'] ?? '')) }),
    signed: true,
  },
  [`POST ${REPORT_ENDPOINTS.pdf.path}`]: { action: fixed('report.pdf'), target: (b) => chartIdIn(b['chart_id']) },
  // DICOM out (features/dicom-out): the report or the traced film as a .dcm file, and both stored back to a PACS.
  [`POST ${DICOM_OUT_ENDPOINTS.report.path}`]: {
    action: fixed('report.dicom'),
    target: (b) => chartIdIn(b['chart_id']),
    detail: () => ({ object: 'report' }),
  },
  [`POST ${DICOM_OUT_ENDPOINTS.tracing.path}`]: {
    action: fixed('report.dicom'),
    target: (b) => chartIdIn(b['chart_id']),
    detail: () => ({ object: 'tracing' }),
  },
  [`POST ${DICOM_OUT_ENDPOINTS.storeBack.path}`]: {
    action: fixed('pacs.store'),
    target: (b) => chartIdIn(b['chart_id']),
    detail: (b) => (typeof b['server'] === 'string' ? { server: b['server'].slice(0, 32) } : {}),
  },
  // The report's data model (the print layout reads it).
  'GET /api/report/:chart_id/model': { action: fixed('report.view'), target: (_b, p) => chartIdIn(p['chart_id']) },
  // Consultation mode: the patient's view of the plan and its one-page PDF, recorded as the report's.
  [`GET ${CONSULTATION_ENDPOINTS.model.path}`]: {
    action: fixed('report.view'),
    target: (_b, p) => chartIdIn(p['chart_id']),
    detail: () => ({ object: 'consultation' }),
  },
  [`POST ${CONSULTATION_ENDPOINTS.pdf.path}`]: {
    action: fixed('report.pdf'),
    target: (b) => chartIdIn(b['chart_id']),
    detail: () => ({ object: 'consultation' }),
  },
  // Clinic adaptation and the landmark definitions change where the AI puts every later film's
  // landmarks: the switch, a definitions change and the reset are recorded (no patient target; the
  // owner is the caller). A PUT that names definitions is a definitions change (with the switch in
  // its detail when it also has one).
  [`PUT ${AI_ADAPTATION_ENDPOINT.path}`]: {
    action: (b) => (isPlainObject(b['definitions']) ? 'landmarks.definitions' : 'landmarks.adaptation_switch'),
    target: () => null,
    detail: (b) => ({
      ...(typeof b['enabled'] === 'boolean' && { enabled: b['enabled'] }),
      ...(isPlainObject(b['definitions']) && { definitions: definitionChoices(b['definitions']) }),
    }),
  },
  [`DELETE ${AI_ADAPTATION_ENDPOINT.path}`]: { action: fixed('landmarks.adaptation_reset'), target: () => null },
};

const errorCodes = new WeakMap<FastifyRequest, string>();
const resolvedBefore = new WeakMap<FastifyRequest, Array<ResolvedTarget | null>>();
/** A clinic call's clinic, as the caller's membership was before the request (`RouteAudit.clinic`). */
const clinicBefore = new WeakMap<FastifyRequest, number | null>();

/**
 * Records the audited REST routes in one place (no edits in their handlers). Registered on the
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
  const spec = ROUTES[`${request.method} ${request.routeOptions.url ?? ''}`];
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
