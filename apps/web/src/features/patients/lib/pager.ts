/**
 * The list footer's pager (docs/spec-points.md §2 and §9): page numbers in groups of 5, a jump of 5 pages
 * either way, previous/next. Pages are zero-based as in the route (`/list/{p}`); labels are
 * 1-based and zero-padded under 10, so page 0 reads "01".
 */
export const PAGER_GROUP_SIZE = 5;
export const PAGER_JUMP = 5;

export interface PagerModel {
  /** At least 1: an empty list still has its one (empty) page. */
  pageCount: number;
  /** The zero-based pages of the current group, in order. */
  pages: number[];
  /** Targets of the buttons; null where the button is disabled. */
  previous: number | null;
  next: number | null;
  jumpBack: number | null;
  jumpForward: number | null;
}

export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/** "01".."09", then "10", "11", ... for zero-based page 0, 1, ... */
export function pageLabel(page: number): string {
  return String(page + 1).padStart(2, '0');
}

export function pagerModel(page: number, total: number, pageSize: number): PagerModel {
  const pageCount = pageCountOf(total, pageSize);
  const last = pageCount - 1;
  const current = Math.min(Math.max(0, page), last);
  const groupStart = Math.floor(current / PAGER_GROUP_SIZE) * PAGER_GROUP_SIZE;
  const groupEnd = Math.min(groupStart + PAGER_GROUP_SIZE - 1, last);
  const pages = Array.from({ length: groupEnd - groupStart + 1 }, (_, i) => groupStart + i);
  return {
    pageCount,
    pages,
    previous: page > 0 ? Math.min(page - 1, last) : null,
    next: page < last ? page + 1 : null,
    jumpBack: page > 0 ? Math.max(0, Math.min(page, last) - PAGER_JUMP) : null,
    jumpForward: page < last ? Math.min(last, page + PAGER_JUMP) : null,
  };
}
