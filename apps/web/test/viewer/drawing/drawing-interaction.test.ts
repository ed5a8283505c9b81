import type { DrawingShape } from '@ceppro/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DRAWING_TOOL_ID, drawingState } from '../../../src/features/viewer/drawing/interaction/drawing-state.ts';
import { useDrawingStore } from '../../../src/features/viewer/drawing/store/drawing-store.ts';
import { registerTool, setTool, useToolStore } from '../../../src/features/viewer/interaction/registry.ts';
import { usePanelStore } from '../../../src/features/viewer/panels.ts';
import { useLandmarkStore } from '../../../src/features/viewer/store/landmark-store.ts';
import { useViewerStore } from '../../../src/features/viewer/store/viewer-store.ts';
import { createHarness, RECORD, type Harness } from '../harness.ts';

registerTool({ id: DRAWING_TOOL_ID, enter: () => drawingState() });

describe('drawing mode in the headless viewer', () => {
  let h: Harness;
  beforeEach(() => {
    h = createHarness();
    useDrawingStore.getState().clear();
    useDrawingStore.getState().load(RECORD.id, { coords: [], superimpositionCoords: [] }, true);
    usePanelStore.setState({ active: 'landmarks' });
    setTool(DRAWING_TOOL_ID);
  });
  afterEach(() => h.dispose());

  const present = () => useDrawingStore.getState().present;

  it('draws a line in image px and does not pan the film', () => {
    const view = useViewerStore.getState().view;
    const from = h.toLocal({ x: 500, y: 600 });
    const to = h.toLocal({ x: 900, y: 600 });
    h.drag(from, to, 5);
    useDrawingStore.getState().setTool('line');
    h.drag(from, to, 5);
    expect(useViewerStore.getState().view).toEqual(view);
    const [pen, line] = present().coords;
    expect(pen?.tool).toBe('pen');
    expect(line).toMatchObject({ tool: 'line', from: [500, 600], to: [900, 600], scales: true });
    expect(line?.width).toBeCloseTo(3 / useViewerStore.getState().fitScale, 1);
  });

  it('undoes and redoes with the keys only while drawing, and the eraser removes one shape', () => {
    useDrawingStore.getState().setTool('rectangle');
    h.drag(h.toLocal({ x: 100, y: 100 }), h.toLocal({ x: 400, y: 300 }));
    useDrawingStore.getState().setTool('ellipse');
    h.drag(h.toLocal({ x: 1000, y: 1000 }), h.toLocal({ x: 1400, y: 1300 }));
    expect(present().coords.map((s) => s.tool)).toEqual(['rectangle', 'ellipse']);
    expect(h.key('z', { ctrlKey: true })).toBe(true);
    expect(present().coords.map((s) => s.tool)).toEqual(['rectangle']);
    h.key('z', { ctrlKey: true, shiftKey: true });
    expect(present().coords).toHaveLength(2);
    h.key('z', { ctrlKey: true });
    h.key('y', { ctrlKey: true });
    expect(present().coords).toHaveLength(2);
    useDrawingStore.getState().setTool('eraser');
    h.click(h.toLocal({ x: 400, y: 200 }));
    expect(present().coords.map((s) => s.tool)).toEqual(['ellipse']);
    // Outside drawing mode Ctrl+Z walks the same history (the record's one): it undoes the erase.
    h.key('Escape');
    expect(useToolStore.getState().tool).toBe('idle');
    h.key('z', { ctrlKey: true });
    expect(present().coords).toHaveLength(2);
  });

  it('keeps drawings made on the Superimposition tab with the film, and erases an older Superimposition-tab shape anywhere', () => {
    const older: DrawingShape = {
      id: 'older',
      tool: 'line',
      color: '#ff00ff',
      opacity: 1,
      width: 4,
      scales: true,
      from: [100, 900],
      to: [800, 900],
    };
    useDrawingStore.getState().load(RECORD.id, { coords: [], superimpositionCoords: [older] }, true);
    h.openPanel('superimposition');
    setTool(DRAWING_TOOL_ID);
    useDrawingStore.getState().setTool('arrow');
    h.drag(h.toLocal({ x: 200, y: 200 }), h.toLocal({ x: 600, y: 700 }));
    expect(present().coords.map((s) => s.tool)).toEqual(['arrow']);
    expect(present().superimpositionCoords).toEqual([older]);
    h.openPanel('landmarks');
    setTool(DRAWING_TOOL_ID);
    useDrawingStore.getState().setTool('eraser');
    h.click(h.toLocal({ x: 450, y: 900 }));
    expect(present().superimpositionCoords).toEqual([]);
    expect(present().coords.map((s) => s.tool)).toEqual(['arrow']);
    useDrawingStore.getState().undo();
    expect(present().superimpositionCoords).toEqual([older]);
  });

  it('draws nothing before the record is loaded or for another record', () => {
    useDrawingStore.getState().load(RECORD.id + 1, { coords: [], superimpositionCoords: [] }, true);
    expect(useLandmarkStore.getState().recordId).toBe(RECORD.id);
    h.drag(h.toLocal({ x: 100, y: 100 }), h.toLocal({ x: 400, y: 300 }));
    expect(present().coords).toEqual([]);
  });
});
