import { DEFINABLE_LANDMARKS } from '@ceppro/ceph';
import { AI_ADAPTATION_ENDPOINT, EXPORT_ENDPOINTS, FILE_ENDPOINTS, REPORT_ENDPOINTS } from '@ceppro/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientOf } from '../../http/require-user';
import type { ResolvedTarget, TargetRef } from './audit-targets.repository';
import type { AuditService } from './audit.service';

interface RouteAudit {
  action: (body: Record<string, unknown>) => string;
  target: (body: Record<string, unknown>, params: Record<string, unknown>) => TargetRef | null;
  detail?: (body: Record<string, unknown>) => Record<string, unknown>;
}

const chartIdIn = (value: unknown): TargetRef | null => (typeof value === 'string' ? { kind: 'chart', by: 'chart_id', id: value } : null);
const fixed = (action: string) => () => action;
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
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
    }),
  },
  [`POST ${REPORT_ENDPOINTS.pdf.path}`]: { action: fixed('report.pdf'), target: (b) => chartIdIn(b['chart_id']) },
  // The report's data model (the print layout reads it).
  'GET /api/report/:chart_id/model': { action: fixed('report.view'), target: (_b, p) => chartIdIn(p['chart_id']) },
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
const resolvedBefore = new WeakMap<FastifyRequest, ResolvedTarget | null>();

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
  // After the body is parsed, before the handler: the target as the request named it, looked up
  // before the request may consume it (a checked upload's row is deleted, a refused detection
  // discards its draft chart).
  app.addHook('preHandler', async (request) => {
    const audited = auditedRequest(request);
    if (audited) resolvedBefore.set(request, await audit.resolveTarget(audited.target));
  });
  // onSend, not onResponse: the event is written before the answer leaves, so a client (or a test)
  // that reads the trail right after its request finds it. A look-up and an insert: small.
  app.addHook('onSend', async (request, reply, payload) => {
    const audited = auditedRequest(request);
    if (!audited) return payload;
    const { spec, body, actor, target } = audited;
    const failed = reply.statusCode >= 400;
    await audit.access({
      actorUserId: actor,
      client: clientOf(request),
      action: spec.action(body),
      target,
      // Absent when the request was refused before its handler (validation): access() looks it up.
      ...(resolvedBefore.has(request) && { resolved: resolvedBefore.get(request) ?? null }),
      ...(failed && { error: { code: errorCodes.get(request) ?? `HTTP_${reply.statusCode}` } }),
      ...(spec.detail && { detail: spec.detail(body) }),
    });
    return payload;
  });
}

/** An audited route called by an authenticated user, with what the request named; null otherwise. */
function auditedRequest(request: FastifyRequest) {
  const spec = ROUTES[`${request.method} ${request.routeOptions.url ?? ''}`];
  const actor = request.auth?.userId;
  if (!spec || actor === undefined) return null;
  const body = isRecord(request.body) ? request.body : {};
  const params = isRecord(request.params) ? request.params : {};
  return { spec, body, actor, target: spec.target(body, params) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
