/**
 * The public surface of features/ai-adaptation beyond its service: the pure step a detection uses
 * to apply a profile to the model's stored landmarks. Everything else in this folder is internal
 * (eslint.config.js, server-boundaries block).
 */
export { adaptModelLandmarks } from './adapt-landmarks';
export type { AiAdaptationService, DetectionChoices, LandmarkSave } from './ai-adaptation.service';
