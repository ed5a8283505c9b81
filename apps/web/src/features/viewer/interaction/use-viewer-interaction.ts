import { screenToImage } from '@ceppro/ceph';
import { useEffect, useRef, type RefObject } from 'react';
import { useViewerAppearance } from '../hooks/use-viewer-appearance.ts';
import { createFrameScheduler } from '../lib/frame-scheduler.ts';
import { HIT_RADIUS_PX, hitTestLandmark } from '../lib/hit-test.ts';
import { useLandmarkStore } from '../store/landmark-store.ts';
import { useViewerStore } from '../store/viewer-store.ts';
import { createInteractionController } from './controller.ts';
import type { ViewerPointer } from './types.ts';

/** Keys typed into a form field belong to the field, not to the viewer. */
function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

/**
 * Feeds the viewport's pointer, wheel and key events to the interaction controller. Listeners are
 * native (the wheel must be able to prevent page scrolling) and never re-render React.
 */
export function useViewerInteraction(viewportRef: RefObject<HTMLElement | null>, enabled = true): void {
  // Markers made larger in Settings can be grabbed anywhere on their dot.
  const { hard, soft } = useViewerAppearance();
  const hitRadius = useRef(HIT_RADIUS_PX);
  useEffect(() => {
    hitRadius.current = Math.max(HIT_RADIUS_PX, Math.max(hard.dotRadius, soft.dotRadius) + 2);
  }, [hard.dotRadius, soft.dotRadius]);
  useEffect(() => {
    const element = viewportRef.current;
    if (!element || !enabled) return;
    const frames = createFrameScheduler();
    let hover = '';
    const controller = createInteractionController({
      viewer: () => useViewerStore.getState(),
      landmarks: () => useLandmarkStore.getState(),
      commands: () => ({ viewer: useViewerStore.getState(), landmarks: useLandmarkStore.getState() }),
      toImage: (local) => screenToImage(local, useViewerStore.getState().view),
      hitLandmark: (local) => {
        const { view, display } = useViewerStore.getState();
        return display.landmarks ? hitTestLandmark(useLandmarkStore.getState().positions, local, view, hitRadius.current) : null;
      },
      onFrame: frames.schedule,
      onEnter: (state) => {
        element.style.cursor = hover = state.cursor;
        element.dataset.tool = state.id;
      },
    });
    element.style.cursor = hover = controller.current().cursor;
    const pointer = (e: PointerEvent | WheelEvent): ViewerPointer => {
      const box = element.getBoundingClientRect();
      return {
        local: { x: e.clientX - box.left, y: e.clientY - box.top },
        button: e.button,
        pointerId: 'pointerId' in e ? e.pointerId : -1,
        shiftKey: e.shiftKey,
      };
    };
    const down = (e: PointerEvent) => {
      const before = controller.current();
      const next = controller.pointerDown(pointer(e));
      if (next !== before) element.setPointerCapture?.(e.pointerId);
      // Keys (arrows, undo) go to the viewer after a press on the film.
      if (document.activeElement !== element) element.focus({ preventScroll: true });
    };
    const move = (e: PointerEvent) => {
      controller.pointerMove(pointer(e));
      if (e.buttons !== 0) return;
      // Hover feedback (a landmark can be grabbed here) at most once per frame.
      frames.schedule('hover', () => {
        const cursor = controller.hoverCursor(pointer(e));
        if (cursor !== hover) element.style.cursor = hover = cursor;
      });
    };
    const up = (e: PointerEvent) => {
      frames.flush();
      controller.pointerUp(pointer(e));
      if (element.hasPointerCapture?.(e.pointerId)) element.releasePointerCapture(e.pointerId);
    };
    const cancel = () => {
      frames.dispose();
      controller.cancel();
    };
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      controller.wheel(pointer(e), e.deltaY);
    };
    const key = (e: KeyboardEvent) => {
      if (e.defaultPrevented || isTyping(e.target)) return;
      if (controller.keyDown(e)) e.preventDefault();
    };
    element.addEventListener('pointerdown', down);
    element.addEventListener('pointermove', move);
    element.addEventListener('pointerup', up);
    element.addEventListener('pointercancel', cancel);
    element.addEventListener('wheel', wheel, { passive: false });
    window.addEventListener('keydown', key);
    return () => {
      element.removeEventListener('pointerdown', down);
      element.removeEventListener('pointermove', move);
      element.removeEventListener('pointerup', up);
      element.removeEventListener('pointercancel', cancel);
      element.removeEventListener('wheel', wheel);
      window.removeEventListener('keydown', key);
      frames.dispose();
      controller.dispose();
    };
  }, [viewportRef, enabled]);
}
