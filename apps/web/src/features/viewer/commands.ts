import { WHEEL_STEP } from './lib/coordinates.ts';
import type { ViewerActions, ViewerDisplay, ViewerState } from './store/viewer-store.ts';

/**
 * The viewer's named actions (house style 6): the toolbar and the keyboard read this one registry.
 * None of these change stored data, so none is undoable.
 */
export type ViewerCommandId = 'fit' | 'zoom-in' | 'zoom-out' | 'toggle-landmarks' | 'toggle-names';

export interface ViewerCommand {
  readonly id: ViewerCommandId;
  readonly label: 'viewer.fit' | 'viewer.zoomIn' | 'viewer.zoomOut' | 'viewer.showLandmarks' | 'viewer.showNames';
  /** `KeyboardEvent.key` values that run it. */
  readonly keys: readonly string[];
  readonly undo: 'none';
  run(viewer: ViewerState & ViewerActions): void;
  /** For toggles: whether it is on now. */
  pressed?(display: ViewerDisplay): boolean;
}

const BUTTON_STEP = WHEEL_STEP ** 8;

export const viewerCommands: readonly ViewerCommand[] = [
  { id: 'fit', label: 'viewer.fit', keys: ['f', '0'], undo: 'none', run: (v) => v.fit() },
  { id: 'zoom-in', label: 'viewer.zoomIn', keys: ['+', '='], undo: 'none', run: (v) => v.zoomBy(BUTTON_STEP) },
  { id: 'zoom-out', label: 'viewer.zoomOut', keys: ['-'], undo: 'none', run: (v) => v.zoomBy(1 / BUTTON_STEP) },
  {
    id: 'toggle-landmarks',
    label: 'viewer.showLandmarks',
    keys: ['l'],
    undo: 'none',
    run: (v) => v.toggle('landmarks'),
    pressed: (d) => d.landmarks,
  },
  { id: 'toggle-names', label: 'viewer.showNames', keys: ['n'], undo: 'none', run: (v) => v.toggle('names'), pressed: (d) => d.names },
];

export function commandById(id: ViewerCommandId): ViewerCommand {
  const command = viewerCommands.find((c) => c.id === id);
  if (!command) throw new Error(`Unknown viewer command ${id}`);
  return command;
}

export function commandForKey(key: string): ViewerCommand | null {
  return viewerCommands.find((c) => c.keys.includes(key.toLowerCase())) ?? null;
}
