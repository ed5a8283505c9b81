import type { Clock } from '../../clock';
import type { AuditEntry, AuditOwner } from './audit.service';

/**
 * One account asking for ids that are not its own (another clinic's, or none at all) as fast as it
 * can would write a row per request into the real owners' trails (500 in 4 s). Per actor and per
 * minute, the first `REFUSALS_RECORDED_PER_WINDOW` refused requests are recorded one by one; the
 * rest are counted, and when the minute is over one `access.refused_more` row says how many more
 * there were: in each owner's trail (an account's, or a clinic's) the ones on that owner's data (denied), in the actor's own the
 * count of all of them (failed, as the actor sees every refusal: "not yours" and "does not exist"
 * read the same there). Kept per process, like the view window: with several processes each one
 * admits its own share.
 */
export const REFUSAL_WINDOW_MS = 60_000;
export const REFUSALS_RECORDED_PER_WINDOW = 20;
const ACTOR_LIMIT = 10_000;
const ACTIONS_LISTED = 10;

export const REFUSAL_SUMMARY_ACTION = 'access.refused_more';

interface Tally {
  count: number;
  first: number;
  last: number;
  actions: Map<string, number>;
}

interface Window {
  start: number;
  admitted: number;
  /** Refusals not written, in all and per foreign owner (by `ownerKey`); failures on nothing or its own count in `all` only. */
  all: Tally | null;
  byOwner: Map<string, { owner: AuditOwner; tally: Tally }>;
  client: { ip: string | null; userAgent: string | null };
  /** Cancels the timer that summarises the window when its minute is over (set with its first uncounted refusal). */
  cancel: (() => void) | null;
}

export interface Refusal {
  actorUserId: number;
  /** Whose data it was, when not the actor's own (another account's, or a clinic's); null: nothing, or the actor's own. */
  owner: AuditOwner | null;
  action: string;
  client: { ip: string | null; userAgent: string | null };
}

export function createRefusalLimiter(clock: Clock, write: (entry: AuditEntry) => Promise<void>) {
  const windows = new Map<number, Window>();
  const writing = new Set<Promise<void>>();

  const count = (tally: Tally | null | undefined, action: string, now: number): Tally => {
    const t = tally ?? { count: 0, first: now, last: now, actions: new Map<string, number>() };
    t.count += 1;
    t.last = now;
    if (t.actions.has(action) || t.actions.size < ACTIONS_LISTED) t.actions.set(action, (t.actions.get(action) ?? 0) + 1);
    return t;
  };

  const ownerKey = (owner: AuditOwner): string =>
    owner.ownerClinicId !== null ? `clinic:${owner.ownerClinicId}` : `user:${owner.ownerUserId}`;

  /** `owner` null: the actor's own count of all their refusals (failed, as they see every one). */
  const summary = (actor: number, owner: AuditOwner | null, tally: Tally, client: Window['client']): AuditEntry => ({
    actorUserId: actor,
    ownerUserId: owner ? owner.ownerUserId : actor,
    ownerClinicId: owner?.ownerClinicId ?? null,
    action: REFUSAL_SUMMARY_ACTION,
    targetType: 'none',
    targetId: null,
    ip: client.ip,
    userAgent: client.userAgent,
    outcome: owner === null ? 'failed' : 'denied',
    detail: {
      count: tally.count,
      first: new Date(tally.first).toISOString(),
      last: new Date(tally.last).toISOString(),
      actions: Object.fromEntries(tally.actions),
    },
  });

  /** Ends a window: its summaries are written (tracked, so `flush` can wait for them). */
  function close(actor: number, window: Window): Promise<void> {
    if (windows.get(actor) === window) windows.delete(actor);
    window.cancel?.();
    window.cancel = null;
    const all = window.all;
    if (all === null) return Promise.resolve();
    window.all = null;
    const done = (async () => {
      await write(summary(actor, null, all, window.client));
      for (const { owner, tally } of window.byOwner.values()) await write(summary(actor, owner, tally, window.client));
    })();
    writing.add(done);
    void done.finally(() => writing.delete(done));
    return done;
  }

  const limiter = {
    /**
     * Whether this refusal is written as its own row (true), or counted into its window's summary.
     * A window that is over is summarised first.
     */
    async admit(refusal: Refusal): Promise<boolean> {
      const now = clock.now();
      const open = windows.get(refusal.actorUserId);
      if (open && now - open.start >= REFUSAL_WINDOW_MS) await close(refusal.actorUserId, open);
      let window = windows.get(refusal.actorUserId);
      if (!window) {
        if (windows.size >= ACTOR_LIMIT) await limiter.flush(false);
        if (windows.size >= ACTOR_LIMIT) await limiter.flush(true);
        window = { start: now, admitted: 0, all: null, byOwner: new Map(), client: refusal.client, cancel: null };
        windows.set(refusal.actorUserId, window);
      }
      if (window.admitted < REFUSALS_RECORDED_PER_WINDOW) {
        window.admitted += 1;
        return true;
      }
      if (window.all === null) {
        const ending = window;
        ending.cancel = clock.schedule(ending.start + REFUSAL_WINDOW_MS - now, () => void close(refusal.actorUserId, ending));
      }
      window.all = count(window.all, refusal.action, now);
      if (refusal.owner !== null) {
        const key = ownerKey(refusal.owner);
        window.byOwner.set(key, { owner: refusal.owner, tally: count(window.byOwner.get(key)?.tally, refusal.action, now) });
      }
      window.client = refusal.client;
      return false;
    },

    /**
     * Writes the summaries of the windows that are over (`all`: of every window, on shutdown) and
     * waits for those already being written.
     */
    async flush(all: boolean): Promise<void> {
      const now = clock.now();
      for (const [actor, window] of [...windows]) {
        if (all || now - window.start >= REFUSAL_WINDOW_MS) void close(actor, window);
      }
      await Promise.all([...writing]);
    },
  };
  return limiter;
}

export type RefusalLimiter = ReturnType<typeof createRefusalLimiter>;
