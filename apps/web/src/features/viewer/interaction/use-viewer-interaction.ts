import { useEffect, type RefObject } from 'react';
import { useViewerStore } from '../store/viewer-store.ts';
import { idleState } from './idle-state.ts';
import type { InteractionContext, InteractionState, ViewerPointer } from './types.ts';

/**
 * Feeds the viewport's pointer and wheel events to the current interaction state. Listeners are
 * native (the wheel must be able to prevent page scrolling) and never re-render React.
 */
export function useViewerInteraction(viewportRef: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = viewportRef.current;
    if (!element) return;
    let current: InteractionState = idleState;
    const ctx: InteractionContext = { viewer: () => useViewerStore.getState() };
    const enter = (next: InteractionState) => {
      current = next;
      element.style.cursor = next.cursor;
    };
    const pointer = (e: PointerEvent | WheelEvent): ViewerPointer => {
      const box = element.getBoundingClientRect();
      return { local: { x: e.clientX - box.left, y: e.clientY - box.top }, button: e.button, pointerId: 'pointerId' in e ? e.pointerId : -1 };
    };
    const down = (e: PointerEvent) => {
      const next = current.onPointerDown?.(pointer(e), ctx) ?? current;
      if (next !== current) element.setPointerCapture?.(e.pointerId);
      enter(next);
    };
    const move = (e: PointerEvent) => enter(current.onPointerMove?.(pointer(e), ctx) ?? current);
    const up = (e: PointerEvent) => {
      enter(current.onPointerUp?.(pointer(e), ctx) ?? current);
      if (element.hasPointerCapture?.(e.pointerId)) element.releasePointerCapture(e.pointerId);
    };
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      enter(current.onWheel?.(pointer(e), e.deltaY, ctx) ?? current);
    };
    enter(idleState);
    element.addEventListener('pointerdown', down);
    element.addEventListener('pointermove', move);
    element.addEventListener('pointerup', up);
    element.addEventListener('pointercancel', up);
    element.addEventListener('wheel', wheel, { passive: false });
    return () => {
      element.removeEventListener('pointerdown', down);
      element.removeEventListener('pointermove', move);
      element.removeEventListener('pointerup', up);
      element.removeEventListener('pointercancel', up);
      element.removeEventListener('wheel', wheel);
    };
  }, [viewportRef]);
}
