import {
  PATIENT_NAME_MAX,
  patientSortFields,
  sortOrders,
  type PatientSortField,
  type PatientsVariables,
  type SortOrder,
} from '@ceppro/contract';

/**
 * The list's search and sort live in the URL query (`/list/3?q=kim&sort=first_name&order=asc`), the
 * page in the route, so a list view can be bookmarked, reloaded and reached with Back.
 */
export interface ListSort {
  field: PatientSortField;
  order: SortOrder;
}

export interface ListParams {
  /** The name searched for; '' lists everyone. */
  q: string;
  sort: ListSort;
}

/** The server's default order: newest patient number first. */
export const DEFAULT_SORT: ListSort = { field: 'patient_id', order: 'desc' };

const isField = (v: string | null): v is PatientSortField => (patientSortFields as readonly (string | null)[]).includes(v);
const isOrder = (v: string | null): v is SortOrder => (sortOrders as readonly (string | null)[]).includes(v);

export function readListParams(search: URLSearchParams): ListParams {
  const field = search.get('sort');
  const order = search.get('order');
  return {
    q: (search.get('q') ?? '').trim().slice(0, PATIENT_NAME_MAX),
    sort: isField(field) ? { field, order: isOrder(order) ? order : 'asc' } : DEFAULT_SORT,
  };
}

/** The query string for `params` ('' or '?...'); defaults are left out. */
export function listSearch(params: ListParams): string {
  const search = new URLSearchParams();
  if (params.q !== '') search.set('q', params.q);
  if (params.sort.field !== DEFAULT_SORT.field || params.sort.order !== DEFAULT_SORT.order) {
    search.set('sort', params.sort.field);
    search.set('order', params.sort.order);
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** A click on a column header: the sorted column flips its order, another column starts ascending. */
export function toggleSort(current: ListSort, field: PatientSortField): ListSort {
  if (current.field === field) return { field, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { field, order: 'asc' };
}

/** The `patients` query variables for a zero-based page and the URL's search and sort. */
export function patientsVariables(page: number, params: ListParams): PatientsVariables {
  return {
    page,
    ...(params.q !== '' && { filter: { name_contains: params.q } }),
    sort: { field: params.sort.field, order: params.sort.order },
  };
}
