import { z } from 'zod';
import { graphOperation } from './operation';

/**
 * The upload pipeline's GraphQL operations (docs/spec-points.md §4, "New patient creation" and "Image change").
 * A draft patient or chart stays out of every list until landmark detection commits it; the server
 * sweeps drafts that are never committed (see files.ts for the whole sequence).
 */

/** The chart fields the upload needs: row id, the viewer's uuid, the files' chart_id and the patient. */
export const uploadChartSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  chart_id: z.string(),
  patient: z.object({ id: z.number().int() }),
});
export type UploadChart = z.infer<typeof uploadChartSchema>;

const UPLOAD_CHART_FIELDS = /* GraphQL */ `id uuid chart_id patient { id }`;

export type CreatePatientVariables = {
  input: { first_name: string; birth_info: string; gender: boolean; mobile_nb?: string | null; race_cd?: string | null };
  draft?: boolean;
};

/** A draft patient has no patient_id yet (it is given at commit), so only the row id is read. */
export const createPatientMutation = graphOperation<CreatePatientVariables, { create_patient: { id: number } }>(
  /* GraphQL */ `
    mutation CreatePatient($input: CreatePatientInput!, $draft: Boolean) {
      create_patient(input: $input, draft: $draft) {
        id
      }
    }
  `,
  z.object({ create_patient: z.object({ id: z.number().int() }) }),
);

export type CreateChartVariables = { patient_id: number; draft?: boolean };

export const createChartMutation = graphOperation<CreateChartVariables, { create_chart: UploadChart }>(
  /* GraphQL */ `
    mutation CreateChart($patient_id: Int!, $draft: Boolean) {
      create_chart(patient_id: $patient_id, draft: $draft) { ${UPLOAD_CHART_FIELDS} }
    }
  `,
  z.object({ create_chart: uploadChartSchema }),
);

/** Image change: the chart is named by its chart_id string. */
export const chartByChartIdQuery = graphOperation<{ chart_id: string }, { charts: UploadChart[] }>(
  /* GraphQL */ `
    query ChartByChartId($chart_id: String!) {
      charts(filter: { chart_id: $chart_id }) { ${UPLOAD_CHART_FIELDS} }
    }
  `,
  z.object({ charts: z.array(uploadChartSchema) }),
);
