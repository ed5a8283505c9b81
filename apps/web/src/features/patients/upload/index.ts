/**
 * The upload pipeline (docs/spec-points.md §4): new patient, new chart, or a changed image on a chart.
 * Screens call `runUpload` and show `UploadProgressPanel` while it runs.
 */
export { runUpload } from './run-upload.ts';
export { UploadProgressPanel } from './components/upload-progress-panel.tsx';
export {
  UploadFailedError,
  type UploadFailureReason,
  type UploadImages,
  type UploadProgress,
  type UploadResult,
  type UploadStep,
  type UploadTarget,
} from './types.ts';
