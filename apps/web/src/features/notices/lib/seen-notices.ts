/**
 * What this browser has already had of the operator's notices: events shown in this tab (the event
 * popup opens once per visit, not on every screen) and notices the user dismissed (they stay away
 * on this browser; a new notice has a new id and shows again).
 */
const SHOWN_EVENTS_KEY = 'eventPopupShown';
const DISMISSED_NOTICES_KEY = 'ceppro.dismissedNotices';

function readIds(storage: Storage | undefined, key: string): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return []; // storage disabled or garbled: as if nothing was seen
  }
}

function writeIds(storage: Storage | undefined, key: string, ids: readonly string[]): void {
  try {
    storage?.setItem(key, JSON.stringify(ids));
  } catch {
    // storage disabled: remembered for this page only
  }
}

const session = (): Storage | undefined => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);
const local = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);

export const shownEvents = (): string[] => readIds(session(), SHOWN_EVENTS_KEY);

export function markEventShown(id: string): void {
  writeIds(session(), SHOWN_EVENTS_KEY, [...shownEvents().filter((seen) => seen !== id), id]);
}

export const dismissedNotices = (): string[] => readIds(local(), DISMISSED_NOTICES_KEY);

/**
 * Remembers a dismissed notice. `current` (the ids in force now) prunes ids of notices that ended,
 * so the list never grows past what the operator has on show.
 */
export function markNoticeDismissed(id: string, current: readonly string[]): void {
  const kept = dismissedNotices().filter((seen) => seen !== id && current.includes(seen));
  writeIds(local(), DISMISSED_NOTICES_KEY, [...kept, id]);
}
