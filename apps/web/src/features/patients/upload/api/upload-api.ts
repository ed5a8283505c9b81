import {
  chartByChartIdQuery,
  createChartMutation,
  createPatientMutation,
  FILE_ENDPOINTS,
  type CreatePatientVariables,
  type ImageContentType,
  type ImageTypeCd,
  type StoredChartData,
  type UploadChart,
  type UploadResponse,
} from '@ceppro/contract';
import type { z } from 'zod';
import { runOperation as graph } from '../../../../lib/api/graph-operation.ts';
import { ApiError, api } from '../../../../lib/api/index.ts';

/**
 * The server calls of the upload pipeline, one function each. All go through the app's one HTTP
 * interceptor (`api.post`, `graphql()`); answers are validated with the contract's schemas.
 */

function badResponse(): ApiError {
  return new ApiError('BAD_RESPONSE', 'The server answered something unexpected.', 200, false);
}

async function parsed<S extends z.ZodType>(schema: S, answer: Promise<unknown>): Promise<z.infer<S>> {
  const result = schema.safeParse(await answer);
  if (!result.success) throw badResponse();
  return result.data;
}

export async function createDraftPatient(patient: CreatePatientVariables['input']): Promise<number> {
  const data = await graph(createPatientMutation, { input: patient, draft: true });
  return data.create_patient.id;
}

export async function createDraftChart(patientId: number): Promise<UploadChart> {
  const data = await graph(createChartMutation, { patient_id: patientId, draft: true });
  return data.create_chart;
}

/** The chart named by its chart_id string, or null when the user has no such chart. */
export async function findChart(chartId: string): Promise<UploadChart | null> {
  const data = await graph(chartByChartIdQuery, { chart_id: chartId });
  return data.charts[0] ?? null;
}

export interface UploadSlot {
  chartId: string;
  imageType: ImageTypeCd;
  contentType: ImageContentType;
  size: number;
  shootDate: string | null;
}

/** Step 1: asks for a presigned PUT URL for one image. */
export function requestUpload(slot: UploadSlot): Promise<UploadResponse> {
  const { upload } = FILE_ENDPOINTS;
  return parsed(
    upload.response,
    api.post(
      upload.path,
      {},
      {
        auth: true,
        json: {
          chart_id: slot.chartId,
          image_type_cd: slot.imageType,
          // docs/spec-points.md §3: chart id plus type code .jpg (informational only).
          original_name: `${slot.chartId}${slot.imageType}.jpg`,
          shoot_date: slot.shootDate ?? null,
          content_type: slot.contentType,
          size: slot.size,
        },
      },
    ),
  );
}

/** Step 3: the server checks the stored bytes and starts the thumbnail job. */
export function requestChartData(uploadId: string): Promise<StoredChartData> {
  const { chartDataRequest } = FILE_ENDPOINTS;
  return parsed(chartDataRequest.response, api.post(chartDataRequest.path, {}, { auth: true, json: { upload_id: uploadId } }));
}

/** Step 4: landmark detection; commits the pending images and the drafts on success. */
export function detectLandmarks(chartId: string) {
  const { cephLandmark } = FILE_ENDPOINTS;
  return parsed(cephLandmark.response, api.post(cephLandmark.path, {}, { auth: true, json: { chart_id: chartId } }));
}

/** Step 5 (failure only): undoes what is pending or draft. Best effort: never throws. */
export async function discardUpload(chartId: string): Promise<void> {
  const { discardUpload: discard } = FILE_ENDPOINTS;
  try {
    await api.post(discard.path, {}, { auth: true, json: { chart_id: chartId }, quiet: true });
  } catch {
    // The server's sweeper discards drafts after DRAFT_TTL_SECONDS anyway.
  }
}
