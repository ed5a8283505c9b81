import type { ImagePoint, LandmarkId, Vec2 } from '@ceppro/ceph';
import type { LandmarkStore } from '../store/landmark-store.ts';
import type { ViewerActions, ViewerState } from '../store/viewer-store.ts';

/**
 * The viewer is a small state machine (docs/house-rules.md §5): one state per file, each handling pointer,
 * wheel and key input and returning the state to continue in. Named tools (idle, placing-landmark,
 * a calibration tool from another feature) are registered in `registry.ts`; transient states
 * (panning, dragging-landmark) are entered from a tool. Events are plain objects, so the headless
 * test harness drives exactly the code the browser does.
 */
export interface ViewerPointer {
  /** Viewport-local CSS px (origin: the viewport's top-left corner). */
  readonly local: Vec2;
  readonly button: number;
  readonly pointerId: number;
  readonly shiftKey?: boolean;
}

export interface ViewerKey {
  /** `KeyboardEvent.key`. */
  readonly key: string;
  readonly shiftKey?: boolean;
  readonly ctrlKey?: boolean;
  readonly metaKey?: boolean;
  readonly altKey?: boolean;
}

export interface InteractionContext {
  readonly viewer: () => ViewerState & ViewerActions;
  readonly landmarks: () => LandmarkStore;
  /** Viewport-local CSS px -> image px of the original upload, with the current view. */
  readonly toImage: (local: Vec2) => ImagePoint;
  /** The landmark whose marker is under a viewport-local point, if any. */
  readonly hitLandmark: (local: Vec2) => LandmarkId | null;
  /** Runs `fn` before the next paint, at most once per frame per key (the harness runs it at once). */
  readonly onFrame: (key: string, fn: () => void) => void;
  /** The state a registered tool starts in. */
  readonly enterTool: (id: string) => InteractionState;
}

export interface InteractionState {
  /** The tool or transient state name (`idle`, `panning`, `dragging-landmark`, ...). */
  readonly id: string;
  /** CSS cursor shown over the viewport in this state. */
  readonly cursor: string;
  onPointerDown?(pointer: ViewerPointer, ctx: InteractionContext): InteractionState;
  onPointerMove?(pointer: ViewerPointer, ctx: InteractionContext): InteractionState;
  onPointerUp?(pointer: ViewerPointer, ctx: InteractionContext): InteractionState;
  onWheel?(pointer: ViewerPointer, deltaY: number, ctx: InteractionContext): InteractionState;
  /** The cursor for a pointer hovering at `pointer` (no button down), when it depends on what is under it. */
  hoverCursor?(pointer: ViewerPointer, ctx: InteractionContext): string;
  /** Returns the next state, or null when the key is not this state's (then the command registry gets it). */
  onKeyDown?(key: ViewerKey, ctx: InteractionContext): InteractionState | null;
  /** Leaving this state for another (tool switch, pointer cancel): undo anything half done. */
  onExit?(ctx: InteractionContext): void;
}
