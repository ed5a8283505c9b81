import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/** The chart the viewer tests open: its UUID (the viewer's URL) and its chart id. */
export const CHART_UUID = '6f1c1e9e-8c56-4a5b-9a3c-2d8e4b1f0a11';
export const CHART_ID = '0b6f3d9a-1c2e-4f5a-8b7c-9d0e1f2a3b4c';

export interface ChartImage {
  id: number;
  image_type_cd: string;
  shoot_date: string | null;
}
const CEPHALOGRAM: ChartImage = { id: 1, image_type_cd: '00700', shoot_date: '2024-03-02' };

/** That chart (row 11, analysis record 5) of patient Kim Minji as the graph answers it, with `images` (one cephalogram unless given). */
export function viewerChart(images: readonly ChartImage[] = [CEPHALOGRAM]) {
  return {
    id: 11,
    uuid: CHART_UUID,
    chart_id: CHART_ID,
    createdAt: '2026-01-02T00:00:00.000Z',
    patient: { id: 7, patient_id: '3', first_name: 'Kim Minji', birth_info: '1990-05-01', gender: true },
    chart_data: [...images],
    analysis_record_id: 5,
  };
}

/**
 * Every test of the file on a fresh page: jsdom has no 2-D canvas (getContext answers null and the
 * layers skip drawing); after each test the render, the stubbed globals (fetch) and the spies are undone.
 */
export function viewerTestLifecycle(): void {
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
