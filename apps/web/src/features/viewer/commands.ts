import type { ParseKeys } from 'i18next';
import { recordStore } from './documents/record-store.ts';
import type { ViewerKey } from './interaction/types.ts';
import { WHEEL_STEP } from './lib/coordinates.ts';
import type { LandmarkStore } from './store/landmark-store.ts';
import type { ViewerActions, ViewerDisplay, ViewerState } from './store/viewer-store.ts';

/**
 * The viewer's named actions (docs/house-rules.md §6): toolbar buttons, the Landmarks panel and the keyboard
 * read this one registry. `undo` says how a command relates to the undo history: view and display
 * commands change nothing stored ('none'); landmark edits are recorded ('record'); undo and redo
 * walk it ('history'): the record's one history (documents/record-store.ts), whatever document the
 * last edit touched.
 */
export type ViewerCommandId =
  | 'fit'
  | 'zoom-in'
  | 'zoom-out'
  | 'toggle-xray'
  | 'toggle-landmarks'
  | 'toggle-tracing'
  | 'toggle-planes'
  | 'toggle-names'
  | 'undo'
  | 'redo'
  | 'reset-ai'
  | 'reset-ai-all';

export interface CommandContext {
  readonly viewer: ViewerState & ViewerActions;
  readonly landmarks: LandmarkStore;
}

export interface ViewerCommand {
  readonly id: ViewerCommandId;
  /** i18n key under `viewer.`. */
  readonly label: ParseKeys;
  /** Shortcuts: `Mod` = Ctrl or Cmd; a one-letter key without `Shift+` only matches unshifted. */
  readonly keys: readonly string[];
  readonly undo: 'none' | 'record' | 'history';
  run(ctx: CommandContext): void;
  /** For toggles: whether it is on now. */
  pressed?(display: ViewerDisplay): boolean;
  /** Whether it can run now (buttons are disabled otherwise). */
  enabled?(ctx: CommandContext): boolean;
}

const BUTTON_STEP = WHEEL_STEP ** 8;

const toggle = (id: ViewerCommandId, key: keyof ViewerDisplay, label: ParseKeys, shortcut: string): ViewerCommand => ({
  id,
  label,
  keys: [shortcut],
  undo: 'none',
  run: (c) => c.viewer.toggle(key),
  pressed: (d) => d[key],
});

export const viewerCommands: readonly ViewerCommand[] = [
  { id: 'fit', label: 'viewer.fit', keys: ['F', '0'], undo: 'none', run: (c) => c.viewer.fit() },
  { id: 'zoom-in', label: 'viewer.zoomIn', keys: ['+', '='], undo: 'none', run: (c) => c.viewer.zoomBy(BUTTON_STEP) },
  { id: 'zoom-out', label: 'viewer.zoomOut', keys: ['-'], undo: 'none', run: (c) => c.viewer.zoomBy(1 / BUTTON_STEP) },
  toggle('toggle-xray', 'xray', 'viewer.showXray', 'X'),
  toggle('toggle-landmarks', 'landmarks', 'viewer.showLandmarks', 'L'),
  toggle('toggle-tracing', 'tracing', 'viewer.showTracing', 'T'),
  toggle('toggle-planes', 'planes', 'viewer.showPlanes', 'P'),
  toggle('toggle-names', 'names', 'viewer.showNames', 'N'),
  {
    id: 'undo',
    label: 'viewer.undo',
    keys: ['Mod+Z'],
    undo: 'history',
    run: (c) => c.landmarks.undo(),
    enabled: () => recordStore.canUndo(),
  },
  {
    id: 'redo',
    label: 'viewer.redo',
    keys: ['Mod+Shift+Z', 'Mod+Y'],
    undo: 'history',
    run: (c) => c.landmarks.redo(),
    enabled: () => recordStore.canRedo(),
  },
  {
    id: 'reset-ai',
    label: 'viewer.resetAi',
    keys: ['R'],
    undo: 'record',
    run: (c) => {
      if (c.landmarks.selected) c.landmarks.resetToAi(c.landmarks.selected);
    },
    enabled: (c) =>
      !c.landmarks.readOnly &&
      c.landmarks.selected !== null &&
      c.landmarks.edited[c.landmarks.selected] !== undefined &&
      c.landmarks.ai[c.landmarks.selected] !== undefined,
  },
  {
    id: 'reset-ai-all',
    label: 'viewer.resetAiAll',
    keys: [],
    undo: 'record',
    run: (c) => c.landmarks.resetToAi(),
    enabled: (c) => !c.landmarks.readOnly && Object.keys(c.landmarks.edited).some((id) => id in c.landmarks.ai),
  },
];

export function commandById(id: ViewerCommandId): ViewerCommand {
  const command = viewerCommands.find((c) => c.id === id);
  if (!command) throw new Error(`Unknown viewer command ${id}`);
  return command;
}

/** Whether a key event matches a shortcut such as `Mod+Shift+Z` or `+`. */
export function matchesShortcut(shortcut: string, key: ViewerKey): boolean {
  const parts = shortcut.split('+');
  // "+" itself splits into empty parts: the key is the last non-modifier part, or "+".
  const name = shortcut.endsWith('+') ? '+' : (parts[parts.length - 1] ?? '');
  const mod = parts.includes('Mod');
  const shift = parts.includes('Shift');
  if (mod !== Boolean(key.ctrlKey || key.metaKey) || key.altKey) return false;
  const letter = /^[a-z]$/i.test(name);
  // Shift matters for letters (Z vs Shift+Z); symbols such as "+" need Shift on some layouts.
  if (letter && shift !== Boolean(key.shiftKey)) return false;
  return key.key.toLowerCase() === name.toLowerCase();
}

export function commandForKey(key: ViewerKey): ViewerCommand | null {
  return viewerCommands.find((c) => c.keys.some((k) => matchesShortcut(k, key))) ?? null;
}

/** The first shortcut of a command as shown in a tooltip (`Ctrl+Z`). */
export function shortcutLabel(command: ViewerCommand, mac = false): string {
  const first = command.keys[0];
  return first ? first.replace('Mod', mac ? '⌘' : 'Ctrl') : '';
}
