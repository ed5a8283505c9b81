import { FILE_ENDPOINTS, IMAGE_TYPE, superimpositionChartsQuery, type DownloadRequest } from '@ceppro/contract';
import { useQuery } from '@tanstack/react-query';
import { runOperation } from '../../../../lib/api/graph-operation.ts';
import { api } from '../../../../lib/api/index.ts';
import { superimpositionKeys } from './query-keys.ts';

/** A cephalogram of the patient that can be superimposed: its chart, film row and shoot date. */
export interface PatientFilm {
  readonly chartId: string;
  readonly chartDataId: number;
  readonly shootDate: string | null;
  readonly createdAt: string;
  /** false when detection never made an analysis record (the film has no landmarks to trace). */
  readonly hasRecord: boolean;
}

/**
 * The patient's charts that hold a cephalogram, oldest shoot date first (charts without a date
 * after, by creation), the order the superimposition colours follow.
 */
export function usePatientFilms(patientId: number | null) {
  return useQuery({
    queryKey: superimpositionKeys.films(patientId ?? -1),
    enabled: patientId !== null,
    queryFn: async ({ signal }): Promise<PatientFilm[]> => {
      const { charts } = await runOperation(superimpositionChartsQuery, { patientId: patientId ?? -1 }, { signal });
      const films = charts.flatMap((chart) => {
        const ceph = chart.chart_data.find((d) => d.image_type_cd === IMAGE_TYPE.cephalogram);
        return ceph
          ? [
              {
                chartId: chart.chart_id,
                chartDataId: ceph.id,
                shootDate: ceph.shoot_date,
                createdAt: chart.createdAt,
                hasRecord: chart.analysis_record_id !== null,
              },
            ]
          : [];
      });
      return films.sort(byShootDate);
    },
    retry: false,
  });
}

function byShootDate(a: PatientFilm, b: PatientFilm): number {
  if (a.shootDate !== null && b.shootDate !== null && a.shootDate !== b.shootDate) return a.shootDate < b.shootDate ? -1 : 1;
  if (a.shootDate === null && b.shootDate !== null) return 1;
  if (a.shootDate !== null && b.shootDate === null) return -1;
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;
}

/** Presigned URLs expire (10 min): refetch well before that. */
const THUMBNAIL_STALE_MS = 5 * 60 * 1000;

/** A film's thumbnail (`POST /minio/download`, thumbnail only); null when it is lost or absent. */
export function useFilmThumbnail(chartId: string) {
  return useQuery({
    queryKey: superimpositionKeys.thumbnail(chartId),
    staleTime: THUMBNAIL_STALE_MS,
    retry: false,
    queryFn: async ({ signal }): Promise<string | null> => {
      const body: DownloadRequest = { chart_id: chartId, image_type_cd: [IMAGE_TYPE.cephalogram], thumbnail_only_check: true };
      const entries = await api.call(FILE_ENDPOINTS.download, body, { signal });
      const ceph = entries.find((e) => e.image_type_cd === IMAGE_TYPE.cephalogram);
      return ceph && !ceph.lost ? ceph.presignedPath : null;
    },
  });
}
