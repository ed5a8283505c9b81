import {
  CONSULTATION_ENDPOINTS,
  FILE_ENDPOINTS,
  IMAGE_TYPE,
  consultationModelSchema,
  type ConsultationModel,
  type ReportLang,
} from '@ceppro/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.ts';

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
    queryFn: async ({ signal }): Promise<ConsultationModel> => {
      const data = await api.call(CONSULTATION_ENDPOINTS.model, { lang, time_zone: timeZone() }, { params: { chart_id: chartId }, signal });
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
    queryFn: async ({ signal }): Promise<{ id: number; url: string } | null> => {
      const entries = await api.call(
        FILE_ENDPOINTS.download,
        { chart_id: chartId, image_type_cd: [IMAGE_TYPE.lateralFace], thumbnail_only_check: false },
        { signal },
      );
      const entry = entries.find((e) => e.image_type_cd === IMAGE_TYPE.lateralFace && !e.thumbnail && e.presignedPath !== null);
      return entry?.presignedPath ? { id: entry.chart_data_id, url: entry.presignedPath } : null;
    },
  });
}

/** `POST /api/report/consultation/pdf`: the one-page PDF in the patient's language. */
export function fetchConsultationPdf(chartId: string, lang: ReportLang): Promise<Blob> {
  return api.call(CONSULTATION_ENDPOINTS.pdf, { chart_id: chartId, lang, time_zone: timeZone() });
}
