import { filmDrawings } from '@ceppro/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useActiveTool } from '../../interaction/registry.ts';
import type { OverlayLayerProps } from '../../overlay-layers.ts';
import { useLandmarkStore } from '../../store/landmark-store.ts';
import { useViewerStore } from '../../store/viewer-store.ts';
import { useDrawingSession } from '../hooks/use-drawing-session.ts';
import { DRAWING_TOOL_ID } from '../interaction/drawing-state.ts';
import { useDrawingStore } from '../store/drawing-store.ts';
import { DrawingShapeView } from './drawing-shape.tsx';
import { DrawingTextInput } from './drawing-text-input.tsx';
import { DrawingToolbar } from './drawing-toolbar.tsx';

/**
 * Overlay layer: the chart's drawings and the shape being drawn, in image px. Drawings belong to the
 * film, so every tab shows the same ones (an older version's Superimposition-tab set included). It
 * also holds the drawing session (load and autosave) and puts the pad's toolbar on the stage, so the
 * pad lives exactly as long as the film is shown.
 */
export function DrawingLayer(_props: OverlayLayerProps) {
  useDrawingSession();
  const anchorRef = useRef<SVGGElement>(null);
  const [stage, setStage] = useState<HTMLElement | null>(null);
  useEffect(() => setStage(anchorRef.current?.closest<HTMLElement>('.viewer-stage') ?? null), []);

  const recordId = useLandmarkStore((s) => s.recordId);
  const ownRecord = useDrawingStore((s) => s.recordId === recordId && s.loaded);
  const visible = useDrawingStore((s) => s.visible);
  const present = useDrawingStore((s) => s.present);
  const shapes = useMemo(() => filmDrawings(present), [present]);
  const draft = useDrawingStore((s) => s.draft);
  const scale = useViewerStore((s) => s.view.scale);
  const drawing = useActiveTool() === DRAWING_TOOL_ID;

  return (
    <g ref={anchorRef} className="drawing-layer" data-testid="drawing-layer" data-count={ownRecord ? shapes.length : 0}>
      {ownRecord && (visible || drawing) && shapes.map((shape) => <DrawingShapeView key={shape.id} shape={shape} scale={scale} />)}
      {draft && <DrawingShapeView shape={{ ...draft, id: 'draft' }} scale={scale} />}
      {stage &&
        createPortal(
          <>
            <DrawingToolbar />
            <DrawingTextInput />
          </>,
          stage,
        )}
    </g>
  );
}
