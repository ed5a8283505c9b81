import type { UploadProgress, UploadStep } from './types.ts';

/**
 * Where each step sits on the overall 0..100 bar. Bytes dominate the wait on a slow line, the
 * thumbnails and detection are short server jobs, so they get narrower bands.
 */
const BANDS: Record<UploadStep, readonly [number, number]> = {
  prepare: [0, 5],
  upload: [5, 70],
  thumbnail: [70, 85],
  detect: [85, 95],
  done: [100, 100],
};

const clampPercent = (value: number) => Math.max(0, Math.min(100, Math.round(value)));

/** The overall percent for a step and the fraction (0..1) done within it. */
export function overallPercent(step: UploadStep, fraction: number): number {
  const [from, to] = BANDS[step];
  return clampPercent(from + (to - from) * Math.max(0, Math.min(1, fraction)));
}

/** Keeps the run's progress and reports a fresh snapshot on every change. */
export class ProgressTracker {
  private step: UploadStep = 'prepare';
  private loaded: number[];
  private thumbnailsSaved = 0;

  constructor(
    private readonly sizes: readonly number[],
    private readonly onProgress: (progress: UploadProgress) => void,
  ) {
    this.loaded = sizes.map(() => 0);
  }

  enter(step: UploadStep): void {
    this.step = step;
    this.report();
  }

  bytes(index: number, loaded: number): void {
    this.loaded[index] = Math.min(loaded, this.sizes[index] ?? loaded);
    this.report();
  }

  thumbnail(saved: number): void {
    this.thumbnailsSaved = Math.min(saved, this.sizes.length);
    this.report();
  }

  snapshot(): UploadProgress {
    const total = this.sizes.reduce((a, b) => a + b, 0);
    const sent = this.loaded.reduce((a, b) => a + b, 0);
    const uploadFraction = total > 0 ? sent / total : 0;
    const expected = this.sizes.length;
    const fraction = this.step === 'upload' ? uploadFraction : this.step === 'thumbnail' ? this.thumbnailsSaved / expected : 0;
    return {
      step: this.step,
      percent: overallPercent(this.step, fraction),
      uploadPercent: this.step === 'prepare' ? 0 : clampPercent(uploadFraction * 100),
      thumbnailsSaved: this.thumbnailsSaved,
      thumbnailsExpected: expected,
    };
  }

  private report(): void {
    this.onProgress(this.snapshot());
  }
}
