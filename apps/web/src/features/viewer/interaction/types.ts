import type { Vec2 } from '@ceppro/ceph';
import type { ViewerActions, ViewerState } from '../store/viewer-store.ts';

/**
 * The viewer is a small state machine (house style 5): one state per file, each handling pointer
 * and wheel input and returning the state to continue in. Later tools (dragging a landmark,
 * calibrating, drawing) are new states, not branches in a component.
 */
export interface ViewerPointer {
  /** Viewport-local CSS px (origin: the viewport's top-left corner). */
  readonly local: Vec2;
  readonly button: number;
  readonly pointerId: number;
}

export interface InteractionContext {
  readonly viewer: () => ViewerState & ViewerActions;
}

export interface InteractionState {
  readonly id: string;
  /** CSS cursor shown over the viewport in this state. */
  readonly cursor: string;
  onPointerDown?(pointer: ViewerPointer, ctx: InteractionContext): InteractionState;
  onPointerMove?(pointer: ViewerPointer, ctx: InteractionContext): InteractionState;
  onPointerUp?(pointer: ViewerPointer, ctx: InteractionContext): InteractionState;
  onWheel?(pointer: ViewerPointer, deltaY: number, ctx: InteractionContext): InteractionState;
}
