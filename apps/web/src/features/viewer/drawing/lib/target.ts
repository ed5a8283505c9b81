import type { DrawingSet } from '@ceppro/contract';

/** The Superimposition tab's id in the side panel (registered by the superimposition feature). */
export const SUPERIMPOSITION_PANEL_ID = 'superimposition';

/**
 * Which set a drawing goes to and which set is shown: drawings made while the Superimposition tab is
 * open belong to it (`superimpositionCoords`, shown only there); everywhere else to the film (`coords`).
 */
export function drawingSetFor(activePanel: string): DrawingSet {
  return activePanel === SUPERIMPOSITION_PANEL_ID ? 'superimpositionCoords' : 'coords';
}
