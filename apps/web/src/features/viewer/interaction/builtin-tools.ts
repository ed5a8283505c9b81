import { idleState } from './idle-state.ts';
import { placingLandmarkState } from './placing-landmark-state.ts';
import { registerTool } from './registry.ts';

/** The viewer's own tools. Imported once by the controller, so they exist wherever it runs. */
registerTool({ id: 'idle', enter: () => idleState });
registerTool({ id: 'placing-landmark', enter: () => placingLandmarkState() });
