import { useLayoutEffect, useState, type CSSProperties } from 'react';

/**
 * Where the toast stack sits so that it never covers a control a screen marks with
 * `data-toast-keep-clear` (the list's New patient button, the viewer's brightness/contrast box).
 * The stack keeps its corner (top right, or bottom left on the viewer) and moves just far enough:
 * below a marked control in the top half of the window, above one in the bottom half, where the
 * two share columns. Measured, not assumed: a label that wraps in another language, a window of
 * another size or a control that appears after the toasts all move it.
 */
export const KEEP_CLEAR_ATTRIBUTE = 'data-toast-keep-clear';

export type ToastPlacement = 'top-right' | 'bottom-left';

/** Mirrors toast-stack.css: the stack's width and its distance from the window's side. */
const STACK_WIDTH = 400;
const SIDE_GAP = { 'top-right': 20, 'bottom-left': 16 } as const;
/** Space kept between a marked control and the stack. */
const GAP = 12;

export interface Rect {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/**
 * The stack's distance from the window's top (`top-right`) or bottom (`bottom-left`), in CSS px:
 * at least `base`, and clear of every `controls` rectangle that shares its columns and sits in the
 * same half of the window. Pure: `toastOffset` feeds it the page's rectangles.
 */
export function clearOffset(
  placement: ToastPlacement,
  base: number,
  controls: readonly Rect[],
  view: { width: number; height: number },
): number {
  const left = placement === 'top-right' ? view.width - SIDE_GAP[placement] - STACK_WIDTH : SIDE_GAP[placement];
  const right = left + STACK_WIDTH;
  let offset = base;
  for (const r of controls) {
    if (r.right <= left || r.left >= right || r.bottom <= r.top) continue;
    if (placement === 'top-right' && r.top < view.height / 2) offset = Math.max(offset, r.bottom + GAP);
    if (placement === 'bottom-left' && r.bottom > view.height / 2) offset = Math.max(offset, view.height - r.top + GAP);
  }
  return Math.round(offset);
}

/** Default distances from the corner when nothing is in the way (toast-stack.css says the same). */
function baseOffset(placement: ToastPlacement): number {
  if (placement === 'bottom-left') return 16;
  const header = Number.parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--header-height'));
  return (Number.isFinite(header) ? header : 50) + 14;
}

function measure(placement: ToastPlacement): number {
  const controls = [...document.querySelectorAll(`[${KEEP_CLEAR_ATTRIBUTE}]`)].map((el) => el.getBoundingClientRect());
  return clearOffset(placement, baseOffset(placement), controls, { width: window.innerWidth, height: window.innerHeight });
}

/**
 * The stack's offset as CSS variables, kept up to date while toasts show: on scroll, resize and any
 * change to the page (a marked control that mounts later, a label that changes), measured once per
 * burst of changes, before the browser paints them.
 */
export function useToastOffset(placement: ToastPlacement, active: boolean): CSSProperties {
  const [offset, setOffset] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!active) return undefined;
    let queued = false;
    let live = true;
    const update = () => {
      queued = false;
      if (live) setOffset(measure(placement));
    };
    const schedule = () => {
      if (queued) return;
      queued = true;
      queueMicrotask(update);
    };
    update();
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['class', 'hidden'],
    });
    window.addEventListener('resize', schedule);
    window.addEventListener('scroll', schedule, { capture: true, passive: true });
    return () => {
      live = false;
      observer.disconnect();
      window.removeEventListener('resize', schedule);
      window.removeEventListener('scroll', schedule, { capture: true });
    };
  }, [placement, active]);
  const style: CSSProperties & Record<`--${string}`, string> = {};
  if (offset !== null) style[placement === 'top-right' ? '--toast-top' : '--toast-bottom-offset'] = `${offset}px`;
  return style;
}
