import { imageToScreen, screenToImage, type ImagePoint, type LandmarkId, type Vec2 } from '@ceppro/ceph';
import type { InferResult, ModifiedResult } from '@ceppro/contract';
import { ApiError } from '../../src/lib/api/index.ts';
import { createInteractionController, type InteractionController } from '../../src/features/viewer/interaction/controller.ts';
import { setTool, useToolStore } from '../../src/features/viewer/interaction/registry.ts';
import type { ViewerKey } from '../../src/features/viewer/interaction/types.ts';
import { hitTestLandmark } from '../../src/features/viewer/lib/hit-test.ts';
import { recordStore } from '../../src/features/viewer/documents/record-store.ts';
import { connectRecordAutosave } from '../../src/features/viewer/documents/use-record-autosave.ts';
import { landmarkDocumentSpec, pendingLandmarkSave, type SavePayload } from '../../src/features/viewer/lib/landmark-document.ts';
import { LANDMARKS_PANEL_ID, usePanelStore } from '../../src/features/viewer/panels.ts';
import { useLandmarkStore } from '../../src/features/viewer/store/landmark-store.ts';
import { useViewerStore } from '../../src/features/viewer/store/viewer-store.ts';

/**
 * A headless viewer (docs/house-rules.md §14): the real stores, interaction controller, command registry
 * and autosave, driven by scripted pointer and key events as plain objects: no DOM, no browser.
 * The viewport is a box at the page origin, so viewport-local and client coordinates agree.
 */
export const IMAGE = { width: 1935, height: 2400 } as const;
export const VIEWPORT = { width: 1200, height: 900 } as const;

export const RECORD = {
  id: 42,
  infer_result: {
    version: 1,
    model: { id: 'ceph-landmarks-v1', version: '1.1.0' },
    landmarks: [
      { cname: 0, name: 'Sella', x: 800, y: 1000, confidence: 0.93 },
      { cname: 1, name: 'Nasion', x: 1400, y: 950, confidence: 0.9 },
      { cname: 3, name: 'Porion', x: 600, y: 1150, confidence: 0.21 },
      { cname: 6, name: 'Pogonion', x: 1300, y: 1950, confidence: 0.88 },
    ],
  } satisfies InferResult,
  modified_result: null,
  revision: 3,
};

/** The chart data id of the film the harness's landmarks are placed on. */
export const FILM_ID = 77;

export interface SaveCall {
  recordId: number;
  modified: ModifiedResult;
  base: number;
}

/** The record store's autosave as the harness drives it. */
export interface HarnessAutosave {
  /** Saves the unsaved landmark edits now (waits for a save in flight first). */
  flush(): Promise<void>;
  /** Resolves when no save is running. */
  settled(): Promise<void>;
  /** The landmark save that would be sent now, if any. */
  pending(): SavePayload | null;
}

export interface Harness {
  readonly controller: InteractionController;
  readonly autosave: HarnessAutosave;
  readonly saves: SaveCall[];
  /** Makes the next save fail (once). */
  failNextSave(): void;
  /** Makes the next save answer CONFLICT (stale: another tab saved first), once. */
  conflictNextSave(): void;
  /** How often the autosave reported a conflict. */
  conflicts(): number;
  /** Holds saves until `release` is called (to test a save in flight). */
  holdSaves(): () => void;
  /** Viewport-local position of an image point with the current view. */
  toLocal(point: Vec2): Vec2;
  toImage(local: Vec2): ImagePoint;
  position(id: LandmarkId): ImagePoint | undefined;
  /** Sets the zoom to `percent` of the fitted view, about the viewport centre. */
  zoomTo(percent: number): void;
  down(local: Vec2, pointerId?: number): void;
  move(local: Vec2, pointerId?: number): void;
  up(local: Vec2, pointerId?: number): void;
  /** Press, move in `steps` equal steps, release: a user's drag. */
  drag(from: Vec2, to: Vec2, steps?: number): void;
  click(local: Vec2): void;
  wheel(local: Vec2, deltaY: number): void;
  key(key: string, mods?: Omit<ViewerKey, 'key'>): boolean;
  /** Switches the side panel to another tab (what a user's tab click does). */
  openPanel(id: string): void;
  dispose(): void;
}

export function createHarness(record: Parameters<ReturnType<typeof useLandmarkStore.getState>['load']>[0] = RECORD): Harness {
  useViewerStore.getState().reset();
  // A fresh record store: the last test's documents and history are forgotten.
  recordStore.forget();
  useViewerStore.getState().setViewportSize(VIEWPORT);
  useViewerStore.getState().setImageSize(IMAGE);
  useLandmarkStore.getState().load(record, FILM_ID);
  useToolStore.setState({ tool: 'idle', request: 0 });
  usePanelStore.setState({ active: LANDMARKS_PANEL_ID });

  const controller = createInteractionController({
    viewer: () => useViewerStore.getState(),
    landmarks: () => useLandmarkStore.getState(),
    commands: () => ({ viewer: useViewerStore.getState(), landmarks: useLandmarkStore.getState() }),
    toImage: (local) => screenToImage(local, useViewerStore.getState().view),
    hitLandmark: (local) => hitTestLandmark(useLandmarkStore.getState().positions, local, useViewerStore.getState().view),
    // Headless: a frame's work runs at once (the browser coalesces it to one per frame).
    onFrame: (_key, fn) => fn(),
  });

  const saves: SaveCall[] = [];
  let failNext = false;
  let conflictNext = false;
  let conflicts = 0;
  let revision = record?.revision ?? 1;
  let gate: Promise<void> | null = null;
  const unregister = recordStore.register(
    'landmarks',
    landmarkDocumentSpec(
      async (recordId, modified, base) => {
        if (gate) await gate;
        if (failNext) {
          failNext = false;
          throw new Error('network down');
        }
        if (conflictNext) {
          conflictNext = false;
          throw new ApiError('CONFLICT', 'stale', 200, false);
        }
        saves.push({ recordId, modified, base });
        revision = base + 1;
        return revision;
      },
      () => {
        conflicts += 1;
      },
    ),
  );
  const unsubscribePanel = connectRecordAutosave(recordStore);
  const autosave: HarnessAutosave = {
    flush: () => recordStore.flush('landmarks'),
    settled: () => recordStore.settled(),
    pending: pendingLandmarkSave,
  };

  const pointer = (local: Vec2, pointerId = 1) => ({ local, button: 0, pointerId });
  const harness: Harness = {
    controller,
    autosave,
    saves,
    failNextSave: () => {
      failNext = true;
    },
    conflictNextSave: () => {
      conflictNext = true;
    },
    conflicts: () => conflicts,
    holdSaves: () => {
      let release = () => {};
      gate = new Promise<void>((resolve) => {
        release = () => {
          gate = null;
          resolve();
        };
      });
      return () => release();
    },
    toLocal: (point) => imageToScreen(point as ImagePoint, useViewerStore.getState().view),
    toImage: (local) => screenToImage(local, useViewerStore.getState().view),
    position: (id) => useLandmarkStore.getState().positions[id],
    zoomTo: (percent) => {
      const { view, fitScale } = useViewerStore.getState();
      useViewerStore.getState().zoomBy((fitScale * percent) / 100 / view.scale);
    },
    down: (local, id) => void controller.pointerDown(pointer(local, id)),
    move: (local, id) => void controller.pointerMove(pointer(local, id)),
    up: (local, id) => void controller.pointerUp(pointer(local, id)),
    drag: (from, to, steps = 5) => {
      harness.down(from);
      for (let i = 1; i <= steps; i++)
        harness.move({ x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps });
      harness.up(to);
    },
    click: (local) => {
      harness.down(local);
      harness.up(local);
    },
    wheel: (local, deltaY) => void controller.wheel(pointer(local), deltaY),
    key: (key, mods = {}) => controller.keyDown({ key, ...mods }),
    openPanel: (id) => usePanelStore.getState().setActive(id),
    dispose: () => {
      unsubscribePanel();
      unregister();
      controller.dispose();
    },
  };
  return harness;
}

export { setTool };
