export { InferencePool, InferenceFailedError } from './inference-pool.ts';
export { type Detection, type DetectedLandmark } from './detection.ts';
export { LandmarkDetector } from './landmark-detector.ts';
export { ImageInputError, type ImageRejection } from './image-input.ts';
export { defaultModelManifestPath } from './model-path.ts';
