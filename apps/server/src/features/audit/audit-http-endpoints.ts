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
  type EndpointSpec,
} from '@ceppro/contract';
import type { FastifyRequest } from 'fastify';
import type { TargetRef } from './audit-targets.repository';

/** A request's parsed body or route parameters. */
export type Fields = Record<string, unknown>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The fs storage driver's signed-URL fetch (features/files), recorded as `image.fetch` below. */
    signedFetch?: true;
  }
}

interface RouteAudit {
  /** Default: the declaration's `audit` action. */
  action?: (body: Fields) => string;
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

/** A route's audit with its action settled. */
export type Audited = RouteAudit & { action: (body: Fields) => string };

const chartIdIn = (value: unknown): TargetRef | null => (typeof value === 'string' ? { kind: 'chart', by: 'chart_id', id: value } : null);
export const isPlainObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
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
 * How the REST endpoints that read or change patient data are recorded, by their contract declaration
 * (each declares its `audit` action; the route carries the declaration in its config). The hooks of
 * `audit-http.ts` record each answered request: success, or the error, against the target's real owner.
 */
const ENDPOINT_AUDITS = new Map<EndpointSpec, RouteAudit>([
  // The clinic's own calls (docs/clinics.md), in the clinic's trail (`clinic`); the member or invitation
  // by its uuid, never the invited address.
  [CLINIC_ENDPOINTS.create, { target: () => null, clinic: true }],
  [
    CLINIC_ENDPOINTS.invite,
    {
      target: () => null,
      clinic: true,
      detail: (b) => ({ role: typeof b['role'] === 'string' ? b['role'].slice(0, 20) : null }),
    },
  ],
  [
    CLINIC_ENDPOINTS.revokeInvitation,
    {
      target: () => null,
      clinic: true,
      detail: (_b, p) => ({ invitation: String(p['id'] ?? '').slice(0, 40) }),
    },
  ],
  [CLINIC_ENDPOINTS.accept, { target: () => null, clinic: true }],
  [
    CLINIC_ENDPOINTS.changeRole,
    {
      target: () => null,
      clinic: true,
      detail: (b, p) => ({
        member: String(p['uuid'] ?? '').slice(0, 40),
        role: typeof b['role'] === 'string' ? b['role'].slice(0, 20) : null,
      }),
    },
  ],
  [
    CLINIC_ENDPOINTS.removeMember,
    {
      target: () => null,
      clinic: true,
      detail: (_b, p) => ({ member: String(p['uuid'] ?? '').slice(0, 40) }),
    },
  ],
  [CLINIC_ENDPOINTS.leave, { target: () => null, clinic: true }],
  [
    FILE_ENDPOINTS.chartDataRequest,
    {
      target: (b) => (typeof b['upload_id'] === 'string' ? { kind: 'upload', id: b['upload_id'] } : null),
    },
  ],
  [
    FILE_ENDPOINTS.download,
    {
      target: (b) => chartIdIn(b['chart_id']),
      detail: (b) => ({ thumbnails: b['thumbnail_only_check'] === true || b['thumbnail_only_check'] === 'true' }),
    },
  ],
  [FILE_ENDPOINTS.updateShootDate, { target: (b) => chartIdIn(b['chart_id']) }],
  [FILE_ENDPOINTS.discardUpload, { target: (b) => chartIdIn(b['chart_id']) }],
  [FILE_ENDPOINTS.cephLandmark, { target: (b) => chartIdIn(b['chart_id']) }],
  [
    EXPORT_ENDPOINTS.chart,
    {
      action: (b) => (b['format'] === 'xlsx' ? 'export.xlsx' : 'export.csv'),
      target: (b) => chartIdIn(b['chart_id']),
      detail: (b) => ({ analyses: b['analyses'] === 'all' ? 'all' : 'selected' }),
    },
  ],
  [EXPORT_ENDPOINTS.landmarks, { target: (b) => chartIdIn(b['chart_id']) }],
  [
    EXPORT_ENDPOINTS.batch,
    {
      target: () => null,
      detail: (b) => ({
        format: b['format'] === 'xlsx' ? 'xlsx' : 'csv',
        patients: Array.isArray(b['patient_ids']) ? b['patient_ids'].length : 'all',
        ...(Array.isArray(b['patient_ids']) && {
          patientIds: b['patient_ids'].filter((id) => Number.isSafeInteger(id)).slice(0, AUDIT_LIST_IDS_MAX),
        }),
      }),
    },
  ],
  // Planning reads the chart's films and landmarks: the facial photo's auto-alignment, and the
  // superimposition of a patient's films (one event per film named).
  [PLANNING_ENDPOINTS.autoAlign, { target: (b) => chartIdIn(b['chart_id']) }],
  [
    PLANNING_ENDPOINTS.superimposition,
    {
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
  ],
  [REPORT_ENDPOINTS.pdf, { target: (b) => chartIdIn(b['chart_id']) }],
  // DICOM out (features/dicom-out): the report or the traced film as a .dcm file, and both stored back to a PACS.
  [
    DICOM_OUT_ENDPOINTS.report,
    {
      target: (b) => chartIdIn(b['chart_id']),
      detail: () => ({ object: 'report' }),
    },
  ],
  [
    DICOM_OUT_ENDPOINTS.tracing,
    {
      target: (b) => chartIdIn(b['chart_id']),
      detail: () => ({ object: 'tracing' }),
    },
  ],
  [
    DICOM_OUT_ENDPOINTS.storeBack,
    {
      target: (b) => chartIdIn(b['chart_id']),
      detail: (b) => (typeof b['server'] === 'string' ? { server: b['server'].slice(0, 32) } : {}),
    },
  ],
  // The report's data model (the print layout reads it).
  [REPORT_ENDPOINTS.model, { target: (_b, p) => chartIdIn(p['chart_id']) }],
  // Consultation mode: the patient's view of the plan and its one-page PDF, recorded as the report's.
  [
    CONSULTATION_ENDPOINTS.model,
    {
      target: (_b, p) => chartIdIn(p['chart_id']),
      detail: () => ({ object: 'consultation' }),
    },
  ],
  [
    CONSULTATION_ENDPOINTS.pdf,
    {
      target: (b) => chartIdIn(b['chart_id']),
      detail: () => ({ object: 'consultation' }),
    },
  ],
  // Clinic adaptation and the landmark definitions change where the AI puts every later film's
  // landmarks: the switch, a definitions change and the reset are recorded (no patient target; the
  // owner is the caller). A PUT that names definitions is a definitions change (with the switch in
  // its detail when it also has one).
  [
    AI_ADAPTATION_ENDPOINT.update,
    {
      action: (b) => (isPlainObject(b['definitions']) ? 'landmarks.definitions' : 'landmarks.adaptation_switch'),
      target: () => null,
      detail: (b) => ({
        ...(typeof b['enabled'] === 'boolean' && { enabled: b['enabled'] }),
        ...(isPlainObject(b['definitions']) && { definitions: definitionChoices(b['definitions']) }),
      }),
    },
  ],
  [AI_ADAPTATION_ENDPOINT.reset, { target: () => null }],
]);

/**
 * The film's bytes fetched through a signed URL of the fs store (`signedFetch` in the route's config; on
 * S3 the fetch goes to S3, which the server never sees: there the URL's issue, `image.view`, is the last
 * thing recorded).
 */
const SIGNED_FETCH_AUDIT: Audited = {
  action: () => 'image.fetch',
  target: (_b, p) => (typeof p['*'] === 'string' ? { kind: 'file', id: p['*'] } : null),
  detail: (_b, p) => ({ file: fileKind(String(p['*'] ?? '')) }),
  signed: true,
};

/** The declarations the trail records (each with its `audit` action), for the route table's test. */
export const AUDITED_ENDPOINTS: ReadonlySet<EndpointSpec> = new Set(ENDPOINT_AUDITS.keys());

/** How the request's route is audited, by its declaration (or as a signed fetch); undefined when it is not. */
export function auditOf(request: FastifyRequest): Audited | undefined {
  const { endpoint, signedFetch } = request.routeOptions.config;
  // Fastify's HEAD twin of a GET carries the GET's config, but sends no data: not an access.
  if (request.method === 'HEAD') return undefined;
  if (signedFetch) return SIGNED_FETCH_AUDIT;
  const how = endpoint && ENDPOINT_AUDITS.get(endpoint);
  const action = endpoint?.audit;
  if (!how || action === undefined) return undefined;
  return { ...how, action: how.action ?? (() => action) };
}
