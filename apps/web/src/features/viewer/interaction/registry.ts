import { create } from 'zustand';
import type { InteractionContext, InteractionState } from './types.ts';

/**
 * Named viewer tools (docs/house-rules.md §5): each tool is a state the viewer can be switched into with
 * `setTool(id)`. This folder registers `idle` and `placing-landmark`; other features register their
 * own (the analysis feature's calibration ruler) from their folders, without editing this one.
 */
export interface ViewerTool {
  readonly id: string;
  /** The state the tool starts in (called on every switch, so it may read the stores). */
  enter(ctx: InteractionContext): InteractionState;
}

const tools = new Map<string, ViewerTool>();

/** Adds (or replaces, for hot reload) a tool; returns a function that removes it again. */
export function registerTool(tool: ViewerTool): () => void {
  tools.set(tool.id, tool);
  return () => {
    if (tools.get(tool.id) === tool) tools.delete(tool.id);
  };
}

export function getTool(id: string): ViewerTool | null {
  return tools.get(id) ?? null;
}

/**
 * The active tool as UI state: toolbars and panels show it and call `setTool`; the interaction
 * controller follows it. `request` changes on every call, so asking again for the active tool
 * restarts it (a second "calibrate" click begins afresh).
 */
interface ToolState {
  tool: string;
  request: number;
}

export const useToolStore = create<ToolState>()(() => ({ tool: 'idle', request: 0 }));

/** Switches the viewer to a registered tool (unknown ids fall back to idle when entered). */
export function setTool(id: string): void {
  useToolStore.setState((s) => ({ tool: id, request: s.request + 1 }));
}

/** The active tool id, for a component that highlights it. */
export function useActiveTool(): string {
  return useToolStore((s) => s.tool);
}
