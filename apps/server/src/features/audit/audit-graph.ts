import { AUDIT_LIST_IDS_MAX } from '@ceppro/contract';
import { inActorSpace, type Actor } from '../../access/index';
import { actionAsked, documentsNamed } from './audit-record-changes';
import type { ResolvedTarget, TargetRef } from './audit-targets.repository';
import type { AuditService } from './audit.service';

type Args = Record<string, unknown>;
type Resolver = (parent: unknown, args: Args, ctx: AuditGraphContext, info: unknown) => unknown;
type ResolverMap = Record<string, Record<string, unknown>>;

/** What the graph context must carry for the trail (graphql.routes.ts puts it there). */
export interface AuditGraphContext {
  userId: number;
  /** The space the caller works in: whether a target is their own data. */
  actor: Actor;
  client?: { ip: string; userAgent: string | null };
}

interface FieldAudit {
  /** The action recorded; for a save, the action of a refused or failed one (a done one says what changed). */
  action: string | ((args: Args) => string);
  /**
   * The target from the arguments, or (after success) from the result, or for a field of a type from its parent
   * object (`Chart.cephalogram`: the chart); null for a list of the caller's own.
   */
  target: (args: Args, result: unknown, parent?: unknown) => TargetRef | null;
  /** A query that answers "nothing" for someone else's id, instead of an error. */
  empty?: (result: unknown) => boolean;
  /**
   * "Nothing" is also the answer for the caller's own target that holds nothing (a chart without
   * images): then an empty answer is a refusal only when the target is not the caller's.
   */
  emptyWhenOwned?: (args: Args) => boolean;
  /** What a read returned (ids, bounded), for its detail: which patients a list showed. */
  returned?: (args: Args, result: unknown) => Record<string, unknown>;
  /**
   * A save of an analysis record: its documents are read before and after, and a done save is
   * recorded as what it changed (`describeSave`), or not at all when it changed nothing.
   */
  save?: { record: (args: Args, result: unknown) => number | null; documents: (args: Args) => ReturnType<typeof documentsNamed> };
}

const int = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);
/** `value[name]` when value is an object, else undefined. */
const field = (value: unknown, name: string): unknown => (typeof value === 'object' && value !== null ? (value as Args)[name] : undefined);
const idOf = (value: unknown): number | null => int(field(value, 'id'));
const patient = (id: number | null): TargetRef | null => (id === null ? null : { kind: 'patient', id });
const chart = (id: number | null): TargetRef | null => (id === null ? null : { kind: 'chart', by: 'id', id });
const record = (id: number | null): TargetRef | null => (id === null ? null : { kind: 'analysis_record', id });
const filterOf = (args: Args): unknown => args['filter'];
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const always = () => true;
const isEmptyList = (result: unknown): boolean => Array.isArray(result) && result.length === 0;
const ids = (values: unknown[]): number[] => values.map(idOf).filter((id): id is number => id !== null);
/** At most AUDIT_LIST_IDS_MAX ids of what a list returned; `total` says how many it returned. */
const returnedIds = (key: string, values: Array<number | string>) => ({ [key]: values.slice(0, AUDIT_LIST_IDS_MAX), total: values.length });

/** The viewer opens a chart with `charts(filter: { uuid })` (or `chart_id`): that is one chart, viewed. */
function chartNamed(args: Args): TargetRef | null {
  const uuid = field(filterOf(args), 'uuid');
  const chartId = field(filterOf(args), 'chart_id');
  if (typeof uuid === 'string') return { kind: 'chart', by: 'uuid', id: uuid };
  if (typeof chartId === 'string') return { kind: 'chart', by: 'chart_id', id: chartId };
  return null;
}

/** One analysis record named (by id, or by its chart's id or uuid) is a view of its landmarks; no filter lists the caller's records. */
function recordNamed(args: Args): TargetRef | null {
  const uuid = field(filterOf(args), 'chart_uuid');
  const byChart: TargetRef | null = typeof uuid === 'string' ? { kind: 'chart', by: 'uuid', id: uuid } : null;
  return record(int(field(filterOf(args), 'id'))) ?? chart(int(field(filterOf(args), 'chart_id'))) ?? byChart;
}

/** The charts a list returned, and their patients. */
function chartsReturned(result: unknown): Record<string, unknown> {
  const charts = listOf(result);
  const patients = [...new Set(ids(charts.map((c) => field(c, 'patient'))))];
  return {
    ...returnedIds(
      'chartIds',
      charts.map((c) => String(field(c, 'chart_id'))),
    ),
    patientIds: patients.slice(0, AUDIT_LIST_IDS_MAX),
  };
}

/** The graph fields that read patient data (one target, or a list: with what it returned) or change it, as `Type.field`. */
const FIELDS: Record<string, FieldAudit> = {
  'Query.patient': { action: 'patient.view', target: (a) => patient(int(a['id'])), empty: (r) => r === null },
  // A page of the patient list: which patients it showed (10 a page). The search text is not kept (it may be a name).
  'Query.patients': {
    action: 'patient.list',
    target: () => null,
    returned: (a, r) => {
      const search = field(filterOf(a), 'name_contains');
      return {
        ...returnedIds('patientIds', ids(listOf(field(r, 'items')))),
        page: int(field(field(r, 'pagination'), 'page')),
        ...(typeof search === 'string' && search !== '' && { search: true }),
      };
    },
  },
  // One chart (the viewer opening it), or a patient's charts, or all the caller's.
  'Query.charts': {
    action: (a) => (chartNamed(a) ? 'chart.view' : 'chart.list'),
    target: (a) => chartNamed(a) ?? patient(int(field(filterOf(a), 'patient_id'))),
    empty: isEmptyList,
    // A patient without charts lists none; an opened chart that reads as nothing is not there (or not the caller's).
    emptyWhenOwned: (a) => chartNamed(a) === null,
    returned: (a, r) => (chartNamed(a) ? {} : chartsReturned(r)),
  },
  'Query.chart_data': {
    action: 'image.list',
    target: (a) => chart(int(a['chart_id'])),
    empty: isEmptyList,
    emptyWhenOwned: always,
    returned: (_a, r) => returnedIds('imageIds', ids(listOf(r))),
  },
  'Query.analysis_records': {
    action: (a) => (recordNamed(a) ? 'landmarks.view' : 'landmarks.list'),
    target: recordNamed,
    empty: (r) => listOf(field(r, 'items')).length === 0,
    emptyWhenOwned: always,
    returned: (a, r) => (recordNamed(a) ? {} : returnedIds('recordIds', ids(listOf(field(r, 'items'))))),
  },
  'Query.drawing_result': {
    action: 'drawing.view',
    target: (a) => chart(int(a['chart_id'])),
    empty: (r) => r === null,
    emptyWhenOwned: always,
  },
  // The film shown with a chart the viewer opened: the same read as POST /minio/download's `image.view`.
  'Chart.cephalogram': {
    action: 'image.view',
    target: (_a, _r, parent) => chart(idOf(parent)),
    returned: () => ({ thumbnails: false }),
  },
  'Mutation.create_patient': { action: 'patient.create', target: (_a, r) => patient(idOf(r)) },
  'Mutation.update_patient': { action: 'patient.update', target: (a) => patient(int(a['id'])), empty: (r) => r === null },
  'Mutation.delete_patient': { action: 'patient.delete', target: (a) => patient(int(a['id'])) },
  'Mutation.create_chart': { action: 'chart.create', target: (a, r) => chart(idOf(r)) ?? patient(int(a['patient_id'])) },
  'Mutation.update_chart': { action: 'chart.update', target: (a) => chart(int(a['id'])) },
  'Mutation.delete_chart': { action: 'chart.delete', target: (a) => chart(int(a['id'])) },
  'Mutation.update_chart_data': {
    action: 'image.update',
    target: (a) => {
      const id = int(a['id']);
      return id === null ? null : { kind: 'chart_data', id };
    },
  },
  'Mutation.create_analysis_record': {
    action: (a) => actionAsked(documentsNamed(a['input'])),
    target: (a, r) => record(idOf(r)) ?? chart(int(a['chart_id'])),
    save: { record: (_a, r) => idOf(r), documents: (a) => documentsNamed(a['input']) },
  },
  'Mutation.update_analysis_record': {
    action: (a) => actionAsked(documentsNamed(a['input'])),
    target: (a) => record(int(a['id'])),
    save: { record: (a) => int(a['id']), documents: (a) => documentsNamed(a['input']) },
  },
  'Mutation.merge_drawing_result': {
    action: 'drawing.update',
    target: (a) => record(int(a['id'])),
    save: { record: (a) => int(a['id']), documents: () => ['drawing_result'] },
  },
};

/**
 * Wraps the audited resolvers of these maps so each call is recorded (success, or the refusal
 * against the real owner). Everything else passes through untouched.
 */
export function withGraphAudit<T extends object>(maps: T[], audit: AuditService): T[] {
  return maps.map((map) => {
    const out: ResolverMap = {};
    for (const [type, fields] of Object.entries(map as ResolverMap)) {
      out[type] = Object.fromEntries(
        Object.entries(fields).map(([name, fn]) => {
          const spec = FIELDS[`${type}.${name}`];
          return [name, spec && typeof fn === 'function' ? audited(fn as Resolver, spec, audit) : fn];
        }),
      );
    }
    return out as T;
  });
}

function audited(resolve: Resolver, spec: FieldAudit, audit: AuditService): Resolver {
  return async (parent, args, ctx, info) => {
    const client = ctx.client ?? { ip: '', userAgent: null };
    const base = {
      actorUserId: ctx.userId,
      actor: ctx.actor,
      client,
      action: typeof spec.action === 'string' ? spec.action : spec.action(args),
    };
    // A save's record as it was (a create has none yet): only its owner's done save is told from it.
    const before = spec.save ? await audit.recordState(spec.save.record(args, undefined), spec.save.documents(args)) : null;
    let result: unknown;
    try {
      result = await resolve(parent, args, ctx, info);
    } catch (error) {
      await audit.access({ ...base, target: spec.target(args, undefined, parent), error });
      throw error;
    }
    const target = spec.target(args, result, parent);
    if (spec.save) {
      const change = await audit.describeSave(spec.save.documents(args), before, spec.save.record(args, result));
      // Nothing changed (an unchanged document sent again): nothing happened to record.
      if (change !== null) await audit.access({ ...base, action: change.action, target, detail: change.detail });
      return result;
    }
    // "Nothing" for a named target is a refusal ("not found"), unless that target is in the caller's space and empty.
    let refused = target !== null && (spec.empty?.(result) ?? false);
    let resolved: ResolvedTarget | null | undefined;
    if (refused && spec.emptyWhenOwned?.(args)) {
      resolved = await audit.resolveTarget(target);
      refused = resolved === null || !inActorSpace(ctx.actor, { creatorUserId: resolved.ownerUserId, clinicId: resolved.clinicId });
    }
    const returned = refused ? undefined : spec.returned?.(args, result);
    const detail = returned && Object.keys(returned).length > 0 ? returned : undefined;
    await audit.access({
      ...base,
      target,
      ...(resolved !== undefined && { resolved }),
      ...(refused && { error: { code: 'NOT_FOUND' } }),
      // A list is the same read again when it returned the same ids (the repeat window, audit.service.ts).
      ...(detail && { detail, repeatKey: JSON.stringify(detail) }),
    });
    return result;
  };
}
