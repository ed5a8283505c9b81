export { InferencePool, InferenceFailedError } from './inference-pool.ts';
export { LandmarkDetector, type Detection, type DetectedLandmark } from './landmark-detector.ts';
export { ImageInputError, type ImageRejection } from './image-input.ts';
export { defaultModelManifestPath } from './model-path.ts';
