import { z } from 'zod';
import { imageTypeCdSchema } from '../image-type';
import { graphOperation } from './operation';

/**
 * The patient screens' GraphQL operations (docs/spec-points.md §7, graph query service): the patient list,
 * one patient, a patient's charts, patient/chart updates and deletes, and the caller's user row
 * (tutorial flag). Field names follow `apps/server/src/features/graphql/schema.graphql.ts`.
 * Ids are the rows' integer ids; `uuid` is what viewer URLs carry; `chart_id` is what the file
 * endpoints take. Gender is a boolean: true female, false male (docs/spec-points.md §3).
 */

/** docs/spec-points.md §9: list page size 10. Also the server's fixed page size. */
export const PATIENT_PAGE_SIZE = 10;
/** docs/spec-points.md §5 and §9: patient name max length 30. */
export const PATIENT_NAME_MAX = 30;

export const patientSortFields = ['patient_id', 'first_name', 'birth_info'] as const;
export type PatientSortField = (typeof patientSortFields)[number];
export const sortOrders = ['asc', 'desc'] as const;
export type SortOrder = (typeof sortOrders)[number];

const chartDataSummarySchema = z.object({ image_type_cd: imageTypeCdSchema, shoot_date: z.string().nullable() });

/** An account named beside patient data (who created, who last changed): shown, never a filter. */
export const memberRefSchema = z.object({ uuid: z.string(), first_name: z.string() });
export type MemberRef = z.infer<typeof memberRefSchema>;

export const patientChartSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  chart_id: z.string(),
  createdAt: z.string(),
  chart_data: z.array(chartDataSummarySchema),
  /** Who last changed the chart's analysis (a save, or the detection that made it); null when not recorded. */
  updated_by: memberRefSchema.nullable().optional(),
});
export type PatientChart = z.infer<typeof patientChartSchema>;

export const patientSchema = z.object({
  id: z.number().int(),
  /** Null only while a patient is a draft, and drafts are never listed; typed as the schema says. */
  patient_id: z.string().nullable(),
  first_name: z.string(),
  birth_info: z.string(),
  gender: z.boolean(),
  createdAt: z.string(),
  /** Who created the patient (in a clinic, the member; named after they leave too). */
  created_by: memberRefSchema.nullable().optional(),
  /** Who changed the patient's details last; null when not recorded. */
  updated_by: memberRefSchema.nullable().optional(),
  charts: z.array(patientChartSchema),
});
export type Patient = z.infer<typeof patientSchema>;

const PATIENT_FIELDS = /* GraphQL */ `
  id patient_id first_name birth_info gender createdAt
  created_by { uuid first_name } updated_by { uuid first_name }
  charts { id uuid chart_id createdAt chart_data { image_type_cd shoot_date } updated_by { uuid first_name } }
`;

export type PatientsVariables = {
  /** Zero-based. */
  page: number;
  filter?: { name_contains?: string };
  sort?: { field: PatientSortField; order: SortOrder };
};

export const patientsQuery = graphOperation<
  PatientsVariables,
  { patients: { items: Patient[]; pagination: { page: number; page_size: number; total: number } } }
>(
  /* GraphQL */ `
    query Patients($page: Int, $filter: PatientFilter, $sort: PatientSort) {
      patients(page: $page, filter: $filter, sort: $sort) {
        items { ${PATIENT_FIELDS} }
        pagination { page page_size total }
      }
    }
  `,
  z.object({
    patients: z.object({
      items: z.array(patientSchema),
      pagination: z.object({ page: z.number().int(), page_size: z.number().int(), total: z.number().int() }),
    }),
  }),
);

export const patientQuery = graphOperation<{ id: number }, { patient: Patient | null }>(
  /* GraphQL */ `
    query Patient($id: Int!) {
      patient(id: $id) { ${PATIENT_FIELDS} }
    }
  `,
  z.object({ patient: patientSchema.nullable() }),
);

export const chartSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  chart_id: z.string(),
  createdAt: z.string(),
  chart_data: z.array(z.object({ id: z.number().int(), image_type_cd: imageTypeCdSchema, shoot_date: z.string().nullable() })),
});
export type Chart = z.infer<typeof chartSchema>;
/** The fields of `chartSchema`, for every query that lists charts (the superimposition's asks for one more). */
export const CHART_FIELDS = /* GraphQL */ `id uuid chart_id createdAt chart_data { id image_type_cd shoot_date }`;

/** A patient's live charts, newest first. */
export const patientChartsQuery = graphOperation<{ patientId: number }, { charts: Chart[] }>(
  /* GraphQL */ `
    query PatientCharts($patientId: Int!) {
      charts(filter: { patient_id: $patientId }, sort: { order: desc }) { ${CHART_FIELDS} }
    }
  `,
  z.object({ charts: z.array(chartSchema) }),
);

export type UpdatePatientInput = {
  first_name?: string;
  birth_info?: string;
  gender?: boolean;
};

export const updatePatientMutation = graphOperation<
  { id: number; input: UpdatePatientInput },
  { update_patient: Omit<Patient, 'charts' | 'createdAt'> }
>(
  /* GraphQL */ `
    mutation UpdatePatient($id: Int!, $input: UpdatePatientInput!) {
      update_patient(id: $id, input: $input) {
        id
        patient_id
        first_name
        birth_info
        gender
      }
    }
  `,
  z.object({ update_patient: patientSchema.omit({ charts: true, createdAt: true }) }),
);

/** Soft delete: the patient and each of its charts get deletedAt (docs/spec-points.md §4). */
export const deletePatientMutation = graphOperation<{ id: number }, { delete_patient: boolean }>(
  /* GraphQL */ `
    mutation DeletePatient($id: Int!) {
      delete_patient(id: $id)
    }
  `,
  z.object({ delete_patient: z.boolean() }),
);

/** Soft delete of one chart (docs/spec-points.md §4). */
export const deleteChartMutation = graphOperation<{ id: number }, { delete_chart: boolean }>(
  /* GraphQL */ `
    mutation DeleteChart($id: Int!) {
      delete_chart(id: $id)
    }
  `,
  z.object({ delete_chart: z.boolean() }),
);

/** The permission document as the graph service returns it (version may grow; tutorial is what we read). */
const graphUserPermissionSchema = z.object({ version: z.number().int(), tutorial: z.boolean() });

export const graphUserSchema = z.object({ uuid: z.string(), first_name: z.string(), user_permission: graphUserPermissionSchema });
export type GraphUser = z.infer<typeof graphUserSchema>;

/** The caller's own user row (a list of one). */
export const usersQuery = graphOperation<Record<string, never>, { users: GraphUser[] }>(
  /* GraphQL */ `
    query Users {
      users {
        uuid
        first_name
        user_permission {
          version
          tutorial
        }
      }
    }
  `,
  z.object({ users: z.array(graphUserSchema) }),
);

export const updateUserMutation = graphOperation<{ user_permission: { version: 1; tutorial: boolean } }, { update_user: GraphUser }>(
  /* GraphQL */ `
    mutation UpdateUser($user_permission: UserPermissionInput!) {
      update_user(user_permission: $user_permission) {
        uuid
        first_name
        user_permission {
          version
          tutorial
        }
      }
    }
  `,
  z.object({ update_user: graphUserSchema }),
);
