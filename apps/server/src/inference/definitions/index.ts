export { applyDefinitions, type AppliedDefinition, type DefinitionMiss, type DefinitionsResult } from './apply-definitions.ts';
export { findMachinePorion, RING_PARAMS, type EarRodRing, type MachinePorion, type RingParams } from './ear-rod-ring.ts';
export { findConstructedGonion, GONION_PARAMS, type GonionFromFilm, type GonionParams } from './mandible-border.ts';
export { findLowestMenton, MENTON_PARAMS, type MentonFromFilm, type MentonParams } from './symphysis.ts';
