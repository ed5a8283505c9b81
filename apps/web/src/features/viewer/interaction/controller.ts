import { commandForKey, type CommandContext } from '../commands.ts';
import './builtin-tools.ts';
import { idleState } from './idle-state.ts';
import { getTool, useToolStore } from './registry.ts';
import type { InteractionContext, InteractionState, ViewerKey, ViewerPointer } from './types.ts';

export interface ControllerDeps extends Omit<InteractionContext, 'enterTool'> {
  /** Called with every state entered (the browser sets the viewport's cursor). */
  readonly onEnter?: (state: InteractionState) => void;
  readonly commands: () => CommandContext;
}

export interface InteractionController {
  pointerDown(pointer: ViewerPointer): InteractionState;
  pointerMove(pointer: ViewerPointer): InteractionState;
  pointerUp(pointer: ViewerPointer): InteractionState;
  /** A pointer lost (pointercancel, window blur): abandon what it was doing. */
  cancel(): void;
  wheel(pointer: ViewerPointer, deltaY: number): InteractionState;
  /** The cursor for a hovering pointer (no button down). */
  hoverCursor(pointer: ViewerPointer): string;
  /** true when a state or a command took the key (the caller then prevents the default). */
  keyDown(key: ViewerKey): boolean;
  readonly current: () => InteractionState;
  dispose(): void;
}

/**
 * Runs the viewer's state machine: feeds input to the current state and switches states. Plain
 * objects in, store updates out: the DOM hook and the headless harness both drive this.
 */
export function createInteractionController(deps: ControllerDeps): InteractionController {
  const ctx: InteractionContext = {
    ...deps,
    enterTool: (id) => getTool(id)?.enter(ctx) ?? idleState,
  };
  let current: InteractionState = ctx.enterTool(useToolStore.getState().tool);

  const enter = (next: InteractionState): InteractionState => {
    if (next !== current) {
      current = next;
      // A tool that finishes by itself (placing the last landmark) hands back to idle: tell the UI.
      const tool = useToolStore.getState().tool;
      if (getTool(next.id) !== null && tool !== next.id) useToolStore.setState({ tool: next.id });
      deps.onEnter?.(current);
    }
    return current;
  };
  const switchTo = (id: string) => {
    current.onExit?.(ctx);
    current = ctx.enterTool(id);
    deps.onEnter?.(current);
  };
  const unsubscribe = useToolStore.subscribe((s, prev) => {
    if (s.request !== prev.request) switchTo(s.tool);
  });

  return {
    pointerDown: (p) => enter(current.onPointerDown?.(p, ctx) ?? current),
    pointerMove: (p) => enter(current.onPointerMove?.(p, ctx) ?? current),
    pointerUp: (p) => enter(current.onPointerUp?.(p, ctx) ?? current),
    cancel: () => {
      if (current.id === 'dragging-landmark' || current.id === 'panning') {
        current.onExit?.(ctx);
        enter(ctx.enterTool(useToolStore.getState().tool));
      }
    },
    hoverCursor: (p) => current.hoverCursor?.(p, ctx) ?? current.cursor,
    wheel: (p, deltaY) => enter(current.onWheel?.(p, deltaY, ctx) ?? current),
    keyDown: (key) => {
      const next = current.onKeyDown?.(key, ctx) ?? null;
      if (next !== null) {
        enter(next);
        return true;
      }
      const command = commandForKey(key);
      if (!command) return false;
      command.run(deps.commands());
      return true;
    },
    current: () => current,
    dispose: unsubscribe,
  };
}
