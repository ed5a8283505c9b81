import type { ImageTypeCd } from '@ceppro/contract';
import type { CreatePatientInput, UpdatePatientInput } from '../patients/patient.service';
import type { GraphContext, GraphServices, SortOrder } from './graph-context';
import { toPatient } from './graph-mappers';

interface PatientsArgs {
  page?: number | null;
  filter?: { name_contains?: string | null; image_type_cd?: ImageTypeCd[] | null } | null;
  sort?: { field: 'patient_id' | 'first_name' | 'birth_info'; order: SortOrder } | null;
  chart_filter?: { image_type_cd?: ImageTypeCd[] | null } | null;
}

/** GraphQL gives null for an omitted optional argument; services take undefined. */
const opt = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

export function patientResolvers({ patients }: GraphServices) {
  return {
    Query: {
      patient: async (_: unknown, args: { id: number }, ctx: GraphContext) => {
        const row = await patients.get(ctx.actor, args.id);
        return row && toPatient(row);
      },
      patients: async (_: unknown, args: PatientsArgs, ctx: GraphContext) => {
        const page = await patients.list(ctx.actor, {
          page: opt(args.page),
          name_contains: opt(args.filter?.name_contains),
          image_types: opt(args.filter?.image_type_cd),
          sort: opt(args.sort?.field),
          order: opt(args.sort?.order),
          chart_image_types: opt(args.chart_filter?.image_type_cd),
        });
        return { items: page.items.map(toPatient), pagination: { page: page.page, page_size: page.pageSize, total: page.total } };
      },
    },
    Mutation: {
      create_patient: async (_: unknown, args: { input: CreatePatientInput; draft?: boolean | null }, ctx: GraphContext) => {
        const row = await patients.create(ctx.actor, args.input, args.draft ?? false);
        return toPatient({ ...row, charts: [] });
      },
      update_patient: async (_: unknown, args: { id: number; input: UpdatePatientInput }, ctx: GraphContext) => {
        await patients.update(ctx.actor, args.id, args.input);
        const row = await patients.get(ctx.actor, args.id);
        return row && toPatient(row);
      },
      delete_patient: (_: unknown, args: { id: number }, ctx: GraphContext) => patients.remove(ctx.actor, args.id),
    },
  };
}
