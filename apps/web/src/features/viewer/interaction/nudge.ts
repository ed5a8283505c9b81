import type { ViewerKey } from './types.ts';

/** Arrow keys move a landmark 1 image px, 10 with Shift (image px, so the step does not depend on zoom). */
export const NUDGE_STEP = 1;
export const NUDGE_STEP_LARGE = 10;

const DIRECTIONS: Readonly<Record<string, { dx: number; dy: number }>> = {
  ArrowLeft: { dx: -1, dy: 0 },
  ArrowRight: { dx: 1, dy: 0 },
  ArrowUp: { dx: 0, dy: -1 },
  ArrowDown: { dx: 0, dy: 1 },
};

/** The image-px offset an arrow key asks for, or null for any other key (or one with Ctrl/Meta/Alt). */
export function nudgeForKey(key: ViewerKey): { dx: number; dy: number } | null {
  const direction = DIRECTIONS[key.key];
  if (!direction || key.ctrlKey || key.metaKey || key.altKey) return null;
  const step = key.shiftKey ? NUDGE_STEP_LARGE : NUDGE_STEP;
  return { dx: direction.dx * step, dy: direction.dy * step };
}
