import {
  CONSULTATION_ENDPOINTS,
  FILE_ENDPOINTS,
  IMAGE_TYPE,
  consultationModelPath,
  consultationModelSchema,
  type ConsultationModel,
  type ReportLang,
} from '@ceppro/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api/index.ts';

/** The browser's IANA time zone: the model and the PDF are dated by the clinic's calendar day. */
function timeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** `GET /api/report/:chart_id/consultation` (the chart's `chart_id`): the patient's view of the plan, in the patient's language. */
export function useConsultationModel(chartId: string, lang: ReportLang, enabled: boolean) {
  return useQuery({
    queryKey: ['consultation-model', chartId, lang] as const,
    enabled,
    queryFn: async (): Promise<ConsultationModel> => {
      const query = new URLSearchParams({ lang });
      const zone = timeZone();
      if (zone !== undefined) query.set('time_zone', zone);
      const data = await api.get(`${consultationModelPath(chartId)}?${query.toString()}`, { auth: true });
      return consultationModelSchema.parse(data);
    },
    // Switching the language back shows the words already fetched at once; while the new words load, the old stay.
    staleTime: 60_000,
    placeholderData: (previous) => previous,
    retry: false,
  });
}

/** The chart's facial photo (`POST /minio/download`): its signed URL and id, or null when it has none or it is lost. */
export function useConsultationPhoto(chartId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['consultation-photo', chartId] as const,
    enabled,
    staleTime: 60_000,
    retry: false,
    queryFn: async (): Promise<{ id: number; url: string } | null> => {
      const { download } = FILE_ENDPOINTS;
      const answer = await api.post<unknown>(
        download.path,
        {},
        { auth: true, idempotent: true, json: { chart_id: chartId, image_type_cd: [IMAGE_TYPE.lateralFace], thumbnail_only_check: false } },
      );
      const parsed = download.response.safeParse(answer);
      if (!parsed.success) throw new ApiError('BAD_RESPONSE', 'The server answered something unexpected.', 200, false);
      const entry = parsed.data.find((e) => e.image_type_cd === IMAGE_TYPE.lateralFace && !e.thumbnail && e.presignedPath !== null);
      return entry?.presignedPath ? { id: entry.chart_data_id, url: entry.presignedPath } : null;
    },
  });
}

/** `POST /api/report/consultation/pdf`: the one-page PDF in the patient's language. */
export function fetchConsultationPdf(chartId: string, lang: ReportLang): Promise<Blob> {
  return api.post<Blob>(
    CONSULTATION_ENDPOINTS.pdf.path,
    {},
    { auth: true, json: { chart_id: chartId, lang, time_zone: timeZone() }, binary: true, idempotent: true },
  );
}
