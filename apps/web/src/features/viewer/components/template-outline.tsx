import type { TemplateOffset, Vec2 } from '@ceppro/ceph';
import { useEffect, useRef, type CSSProperties } from 'react';
import { useToolStore } from '../interaction/registry.ts';
import { hitTestLandmark } from '../lib/hit-test.ts';
import { useLandmarkStore } from '../store/landmark-store.ts';
import { useViewerStore } from '../store/viewer-store.ts';

/** Degrees of turn per screen px of horizontal pointer travel in a Shift-drag. */
const ROTATE_DEG_PER_PX = 0.5;

interface TemplateOutlineProps {
  readonly id: string;
  readonly d: string;
  readonly style: CSSProperties;
  /** The hover hint (how to move it). */
  readonly title: string;
  /** The template's offset as stored (none: as fitted). */
  readonly offset: TemplateOffset | undefined;
  /** While dragging: the offset under the pointer (drawn by the layer); null when the drag ends. */
  readonly onDraft: (id: string, offset: TemplateOffset | null) => void;
  /** The drag ended here: store the offset. */
  readonly onCommit: (id: string, offset: TemplateOffset) => void;
}

/**
 * One tooth template of the tracing (incisor or first molar), movable: a press on its outline or inside
 * it (not on a landmark marker, which keeps priority, and only with the idle tool and edit rights)
 * drags it; Shift turns it about its centre instead. Unlike landmarks, the press is caught on the
 * shape itself (a native listener that stops the viewport from panning), since a template is an area,
 * not a point. The move is drawn through `onDraft` and stored once on release through `onCommit`.
 */
export function TemplateOutline({ id, d, style, title, offset, onDraft, onCommit }: TemplateOutlineProps) {
  const ref = useRef<SVGPathElement>(null);
  const props = useRef({ offset, onDraft, onCommit });
  props.current = { offset, onDraft, onCommit };
  useEffect(() => {
    const path = ref.current;
    if (!path) return;
    let drag: { pointerId: number; start: Vec2; base: TemplateOffset; rotate: boolean; last: TemplateOffset } | null = null;
    const down = (e: PointerEvent) => {
      if (e.button !== 0 || useToolStore.getState().tool !== 'idle' || useLandmarkStore.getState().readOnly) return;
      const stage = path.closest<HTMLElement>('[data-testid="viewer-stage"]');
      const box = stage?.getBoundingClientRect();
      const { view, display } = useViewerStore.getState();
      const local = { x: e.clientX - (box?.left ?? 0), y: e.clientY - (box?.top ?? 0) };
      if (display.landmarks && hitTestLandmark(useLandmarkStore.getState().positions, local, view) !== null) return;
      e.stopPropagation();
      e.preventDefault();
      path.setPointerCapture?.(e.pointerId);
      const base = props.current.offset ?? { dx: 0, dy: 0, rotation: 0 };
      drag = { pointerId: e.pointerId, start: { x: e.clientX, y: e.clientY }, base, rotate: e.shiftKey, last: base };
    };
    const move = (e: PointerEvent) => {
      if (!drag || e.pointerId !== drag.pointerId) return;
      e.stopPropagation();
      const scale = useViewerStore.getState().view.scale;
      const dx = e.clientX - drag.start.x;
      const dy = e.clientY - drag.start.y;
      const { base } = drag;
      drag.last = drag.rotate
        ? { ...base, rotation: Math.max(-180, Math.min(180, base.rotation + dx * ROTATE_DEG_PER_PX)) }
        : { ...base, dx: base.dx + dx / scale, dy: base.dy + dy / scale };
      props.current.onDraft(id, drag.last);
    };
    const up = (e: PointerEvent) => {
      if (!drag || e.pointerId !== drag.pointerId) return;
      e.stopPropagation();
      const { last, base } = drag;
      drag = null;
      if (last !== base) props.current.onCommit(id, last);
      props.current.onDraft(id, null);
    };
    path.addEventListener('pointerdown', down);
    path.addEventListener('pointermove', move);
    path.addEventListener('pointerup', up);
    path.addEventListener('pointercancel', up);
    return () => {
      path.removeEventListener('pointerdown', down);
      path.removeEventListener('pointermove', move);
      path.removeEventListener('pointerup', up);
      path.removeEventListener('pointercancel', up);
    };
  }, [id]);
  const moved = offset !== undefined && (offset.dx !== 0 || offset.dy !== 0 || offset.rotation !== 0);
  return (
    <path
      ref={ref}
      className="tracing-layer__line tracing-layer__template"
      data-outline={id}
      data-template={id}
      data-moved={moved ? 'true' : 'false'}
      data-offset={offset ? `${offset.dx.toFixed(1)} ${offset.dy.toFixed(1)} ${offset.rotation.toFixed(1)}` : '0.0 0.0 0.0'}
      d={d}
      vectorEffect="non-scaling-stroke"
      // The overlay takes no input; a template does, over its whole area (docs: the press handling above).
      style={{ ...style, pointerEvents: 'all', cursor: 'move' }}
    >
      <title>{title}</title>
    </path>
  );
}
