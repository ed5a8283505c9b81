import type { PatientsVariables } from '@ceppro/contract';

/**
 * Server cache keys of the patient screens. Everything about patients and charts sits under
 * `patients`, so one invalidation after a change refetches lists, details and histories;
 * thumbnails (presigned URLs) have their own root and are refreshed only when images change.
 */
export const patientKeys = {
  all: ['patients'] as const,
  list: (variables: PatientsVariables) => ['patients', 'list', variables] as const,
  detail: (id: number) => ['patients', 'detail', id] as const,
  charts: (patientId: number) => ['patients', 'charts', patientId] as const,
  thumbnails: ['chart-thumbnail'] as const,
  thumbnail: (chartId: string) => ['chart-thumbnail', chartId] as const,
  currentUser: ['current-user'] as const,
};
