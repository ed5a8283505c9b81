import { actionAsked, documentsNamed } from './audit-record-changes';
import type { TargetRef } from './audit-targets.repository';
import type { AuditService } from './audit.service';

type Args = Record<string, unknown>;
type Resolver = (parent: unknown, args: Args, ctx: AuditGraphContext, info: unknown) => unknown;
type ResolverMap = Record<string, Record<string, unknown>>;

/** What the graph context must carry for the trail (graphql.routes.ts puts it there). */
export interface AuditGraphContext {
  userId: number;
  client?: { ip: string; userAgent: string | null };
}

interface FieldAudit {
  /** The action recorded; for a save, the action of a refused or failed one (a done one says what changed). */
  action: string | ((args: Args) => string);
  /** The target from the arguments, or (after success) from the result. */
  target: (args: Args, result: unknown) => TargetRef | null;
  /** A query that answers "nothing" for someone else's id, instead of an error. */
  empty?: (result: unknown) => boolean;
  /** Queries without a single target (a list) are not recorded. */
  when?: (args: Args) => boolean;
  /**
   * A save of an analysis record: its documents are read before and after, and a done save is
   * recorded as what it changed (`describeSave`), or not at all when it changed nothing.
   */
  save?: { record: (args: Args, result: unknown) => number | null; documents: (args: Args) => ReturnType<typeof documentsNamed> };
}

const int = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);
const idOf = (value: unknown): number | null => (typeof value === 'object' && value !== null && 'id' in value ? int(value.id) : null);
const patient = (id: number | null): TargetRef | null => (id === null ? null : { kind: 'patient', id });
const chart = (id: number | null): TargetRef | null => (id === null ? null : { kind: 'chart', by: 'id', id });
const record = (id: number | null): TargetRef | null => (id === null ? null : { kind: 'analysis_record', id });
const filterOf = (args: Args): Args => (typeof args['filter'] === 'object' && args['filter'] !== null ? (args['filter'] as Args) : {});

/** The graph fields that read one patient's data or change it, as `Type.field`. */
const FIELDS: Record<string, FieldAudit> = {
  'Query.patient': { action: 'patient.view', target: (a) => patient(int(a['id'])), empty: (r) => r === null },
  // The viewer loads its chart with `charts(filter: { uuid })`: that is the chart being opened.
  'Query.charts': {
    action: 'chart.view',
    when: (a) => typeof filterOf(a)['uuid'] === 'string',
    target: (a) => ({ kind: 'chart', by: 'uuid', id: String(filterOf(a)['uuid']) }),
    empty: (r) => Array.isArray(r) && r.length === 0,
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
    if (spec.when && !spec.when(args)) return resolve(parent, args, ctx, info);
    const client = ctx.client ?? { ip: '', userAgent: null };
    const base = { actorUserId: ctx.userId, client, action: typeof spec.action === 'string' ? spec.action : spec.action(args) };
    // A save's record as it was (a create has none yet): only its owner's done save is told from it.
    const before = spec.save ? await audit.recordState(spec.save.record(args, undefined), spec.save.documents(args)) : null;
    let result: unknown;
    try {
      result = await resolve(parent, args, ctx, info);
    } catch (error) {
      await audit.access({ ...base, target: spec.target(args, undefined), error });
      throw error;
    }
    const target = spec.target(args, result);
    if (spec.save) {
      const change = await audit.describeSave(spec.save.documents(args), before, spec.save.record(args, result));
      // Nothing changed (an unchanged document sent again): nothing happened to record.
      if (change !== null) await audit.access({ ...base, action: change.action, target, detail: change.detail });
      return result;
    }
    const missing = spec.empty?.(result) ?? false;
    await audit.access({ ...base, target, ...(missing && { error: { code: 'NOT_FOUND' } }) });
    return result;
  };
}
