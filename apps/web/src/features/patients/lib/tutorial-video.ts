/**
 * docs/spec-points.md §9: the tutorial video stops after one hour of playing. Played time is summed from the
 * video's `timeupdate` ticks (about 4 per second): a small forward step is playing time, a jump
 * (seek) or a step back (seek, loop) is not. So an hour of looping stops it too, and seeking ahead
 * does not count as watching.
 */
export const TUTORIAL_VIDEO_LIMIT_S = 60 * 60;
/** Largest step between two ticks that still counts as playback, in seconds. */
const MAX_TICK_S = 2;

export interface PlayClock {
  /** currentTime at the previous tick; null before the first. */
  last: number | null;
  /** Seconds played so far. */
  played: number;
}

export const NEW_PLAY_CLOCK: PlayClock = { last: null, played: 0 };

/** The clock after a tick at `currentTime` (seconds). */
export function tickPlayClock(clock: PlayClock, currentTime: number): PlayClock {
  if (!Number.isFinite(currentTime)) return clock;
  const step = clock.last === null ? 0 : currentTime - clock.last;
  const played = step > 0 && step <= MAX_TICK_S ? clock.played + step : clock.played;
  return { last: currentTime, played };
}

/** True once the video has played for the limit. */
export function tutorialVideoExpired(clock: PlayClock, limitS: number = TUTORIAL_VIDEO_LIMIT_S): boolean {
  return clock.played >= limitS;
}
