import { calendarDateSchema, imageTypeCdSchema } from '@ceppro/contract';
import { z } from 'zod';
import { actorFor, type ActorRef } from '../../access/index';
import { AppError } from '../../errors/app-error';
import type { ListedChart, PatientRepository, PatientWithPeople } from './patient.repository';

/** docs/spec-points.md §9: list page size 10. */
export const PATIENT_PAGE_SIZE = 10;
const PATIENT_NAME_MAX = 30;

/** yyyy-mm-dd of a real calendar day, from 1900-01-01 to today (docs/spec-points.md §5). */
export const birthDateSchema = calendarDateSchema.refine(
  (s) => s >= '1900-01-01' && s <= new Date().toISOString().slice(0, 10),
  'must be between 1900-01-01 and today',
);

const nameSchema = z.string().trim().min(1, 'is required').max(PATIENT_NAME_MAX, `must be at most ${PATIENT_NAME_MAX} characters`);
const optionalText = z.string().trim().max(50).nullable().optional();

const createSchema = z.strictObject({
  first_name: nameSchema,
  birth_info: birthDateSchema,
  gender: z.boolean(),
  mobile_nb: optionalText,
  race_cd: optionalText,
});

const updateSchema = createSchema
  .partial()
  .extend({ first_name: nameSchema.optional(), birth_info: birthDateSchema.optional(), gender: z.boolean().optional() });

const listSchema = z.object({
  page: z.number().int().min(0).max(100_000).default(0),
  name_contains: z.string().trim().max(PATIENT_NAME_MAX).optional(),
  image_types: z.array(imageTypeCdSchema).max(2).optional(),
  sort: z.enum(['patient_id', 'first_name', 'birth_info']).default('patient_id'),
  order: z.enum(['asc', 'desc']).default('desc'),
  chart_image_types: z.array(imageTypeCdSchema).max(2).optional(),
});

export type CreatePatientInput = z.input<typeof createSchema>;
export type UpdatePatientInput = z.input<typeof updateSchema>;
export type PatientListInput = z.input<typeof listSchema>;

export interface PatientPage {
  items: Array<PatientWithPeople & { charts: ListedChart[] }>;
  total: number;
  page: number;
  pageSize: number;
}

/**
 * Patients of the caller's space (the access policy: their personal patients, or their clinic's):
 * every method takes the actor, asks the policy for its operation (403 ROLE_FORBIDDEN) and sees only
 * the space's rows (`patientScope`).
 */
export function createPatientService(repository: PatientRepository, options: { draftTtlS: number }) {
  return {
    /** Another space's id reads as "no such patient" (null), never as forbidden. */
    async get(ref: ActorRef, id: number): Promise<(PatientWithPeople & { charts: ListedChart[] }) | null> {
      const actor = actorFor(ref, 'patient.read');
      const row = await repository.findOwned(actor, id);
      if (!row) return null;
      return { ...row, charts: await repository.chartsOf([row.id]) };
    },

    async list(ref: ActorRef, input: PatientListInput): Promise<PatientPage> {
      const actor = actorFor(ref, 'patient.read');
      const q = listSchema.parse(input);
      const { rows: items, total } = await repository.list(
        {
          actor,
          page: q.page,
          pageSize: PATIENT_PAGE_SIZE,
          nameContains: q.name_contains || undefined,
          // Every committed patient is listed, a chartless one too: it opens "Chart without patient
          // data" and its edit screen can add a film (docs/spec-points.md §2). The original's "has chart data"
          // filter hid the empty patients a failed new-patient flow left behind; drafts do that now,
          // and the filter hid a patient whose only chart was deleted for good. Narrowing by image
          // type is still there when asked for.
          imageTypes: q.image_types,
          sort: q.sort,
          order: q.order,
        },
        // The page's charts come in the same statement (docs/performance.md).
        q.chart_image_types,
      );
      return { items, total, page: q.page, pageSize: PATIENT_PAGE_SIZE };
    },

    /**
     * `draft`: the new-patient flow's patient, invisible until landmark detection commits it
     * (then it gets its patient_id) and hard-deleted by the sweeper after DRAFT_TTL_S otherwise.
     */
    async create(ref: ActorRef, input: CreatePatientInput, draft = false): Promise<PatientWithPeople> {
      const actor = actorFor(ref, 'patient.create');
      const p = createSchema.parse(input);
      return repository.insert(
        actor,
        { firstName: p.first_name, birthInfo: p.birth_info, gender: p.gender, mobileNb: p.mobile_nb ?? null, raceCd: p.race_cd ?? null },
        { draftExpiresAt: draft ? new Date(Date.now() + options.draftTtlS * 1000) : undefined },
      );
    },

    async update(ref: ActorRef, id: number, input: UpdatePatientInput): Promise<PatientWithPeople> {
      const actor = actorFor(ref, 'patient.update');
      const p = updateSchema.parse(input);
      const row = await repository.update(actor, id, {
        ...(p.first_name !== undefined && { firstName: p.first_name }),
        ...(p.birth_info !== undefined && { birthInfo: p.birth_info }),
        ...(p.gender !== undefined && { gender: p.gender }),
        ...(p.mobile_nb !== undefined && { mobileNb: p.mobile_nb }),
        ...(p.race_cd !== undefined && { raceCd: p.race_cd }),
      });
      if (!row) throw new AppError('NOT_FOUND');
      return row;
    },

    async remove(ref: ActorRef, id: number): Promise<true> {
      const actor = actorFor(ref, 'patient.delete');
      if (!(await repository.softDelete(actor, id))) throw new AppError('NOT_FOUND');
      return true;
    },
  };
}

export type PatientService = ReturnType<typeof createPatientService>;
