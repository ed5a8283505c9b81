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
import { runOperation as graph } from '../../../../lib/api/graph-operation.ts';
import { api } from '../../../../lib/api/index.ts';

/**
 * The server calls of the upload pipeline, one function each. All go through the app's one typed
 * client (`api.call` with the contract's declaration, `runOperation` for the graph), which validates
 * each answer with the contract's schema.
 */

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
  return api.call(FILE_ENDPOINTS.upload, {
    chart_id: slot.chartId,
    image_type_cd: slot.imageType,
    // docs/spec-points.md §3: chart id plus type code .jpg (informational only).
    original_name: `${slot.chartId}${slot.imageType}.jpg`,
    shoot_date: slot.shootDate ?? null,
    content_type: slot.contentType,
    size: slot.size,
  });
}

/** Step 3: the server checks the stored bytes and starts the thumbnail job. */
export function requestChartData(uploadId: string): Promise<StoredChartData> {
  return api.call(FILE_ENDPOINTS.chartDataRequest, { upload_id: uploadId });
}

/** Step 4: landmark detection; commits the pending images and the drafts on success. */
export function detectLandmarks(chartId: string) {
  return api.call(FILE_ENDPOINTS.cephLandmark, { chart_id: chartId });
}

/** Step 5 (failure only): undoes what is pending or draft. Best effort: never throws. */
export async function discardUpload(chartId: string): Promise<void> {
  try {
    await api.call(FILE_ENDPOINTS.discardUpload, { chart_id: chartId }, { quiet: true });
  } catch {
    // The server's sweeper discards drafts after DRAFT_TTL_SECONDS anyway.
  }
}
