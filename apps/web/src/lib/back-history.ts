/**
 * Back-button rules (docs/spec-points.md §2, "Shared chrome").
 *
 * The app keeps a list of visited paths. The header's back button does not use the browser's
 * history: it looks at that list and picks a stable destination (a list page or a viewer), so that
 * wandering around the settings screens never traps the user.
 *
 * Pure functions: plain arrays of path strings in, plain values out.
 */

/** When the history grows past this many entries it is trimmed. */
export const HISTORY_LIMIT = 20;
/** How many of the oldest entries a trim removes. */
export const HISTORY_TRIM = 10;
/** Where back goes when nothing better is known. */
export const FALLBACK_BACK_PATH = '/list/0';

const LIST_RE = /^\/list\/\d+$/;
const VIEWER_RE = /^\/viewer\/[^/]+$/;
const ACCOUNT_RE = /^\/(setting|myinfo|reset-[a-z]+)$/;
/** Pages opened from a list or viewer and left again ("About the AI"): skipped like account pages. */
const DETOUR_RE = /^\/about-ai$/;

function normalise(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '';
  return bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
}

export function isListPath(path: string): boolean {
  return LIST_RE.test(normalise(path));
}

export function isViewerPath(path: string): boolean {
  return VIEWER_RE.test(normalise(path));
}

/** Settings, my-info and the reset-* pages: entries the back button skips over. */
export function isAccountPath(path: string): boolean {
  return ACCOUNT_RE.test(normalise(path));
}

/** Account pages and the other side trips the back button skips over. */
export function isDetourPath(path: string): boolean {
  const p = normalise(path);
  return isAccountPath(p) || DETOUR_RE.test(p);
}

/**
 * Appends a visited path. A repeat of the last entry is not stored twice (re-renders and
 * redirects would otherwise fill the list). When the list becomes longer than 20 entries the
 * oldest 10 are dropped.
 */
export function recordVisit(history: readonly string[], path: string): string[] {
  const entry = normalise(path);
  if (entry === '' || history[history.length - 1] === entry) return [...history];
  const next = [...history, entry];
  return next.length > HISTORY_LIMIT ? next.slice(HISTORY_TRIM) : next;
}

/**
 * Where the back button goes from `currentPath`.
 *
 * 1. Trailing setting / myinfo / reset-* / about-ai entries are dropped, and so is the current page itself.
 * 2. If the last remaining entry is a list page, go there.
 * 3. If it is a viewer: from another viewer go to list page 0, otherwise back to that viewer.
 * 4. Anything else, or an empty history: list page 0.
 */
export function backTarget(history: readonly string[], currentPath: string): string {
  const current = normalise(currentPath);
  const rest = history.map(normalise);
  while (rest.length > 0) {
    const last = rest[rest.length - 1] as string;
    if (isDetourPath(last) || last === current) rest.pop();
    else break;
  }
  const previous = rest[rest.length - 1];
  if (previous === undefined) return FALLBACK_BACK_PATH;
  if (isListPath(previous)) return previous;
  if (isViewerPath(previous)) return isViewerPath(current) ? FALLBACK_BACK_PATH : previous;
  return FALLBACK_BACK_PATH;
}

/** The header shows a back button on the viewer, setting and myinfo pages. */
export function showsBackButton(path: string): boolean {
  const p = normalise(path);
  return isViewerPath(p) || p === '/setting' || p === '/myinfo';
}
