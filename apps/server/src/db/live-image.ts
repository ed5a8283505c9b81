import type { ImageTypeCd } from '@ceppro/contract';
import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { AppDatabase } from './database';
import { chartData } from './schema/index';

/** Chart data that is live: neither deleted nor a pending upload (the condition every reader of images shares). */
export const liveChartData = and(isNull(chartData.deletedAt), isNull(chartData.pendingExpiresAt)) as SQL;

/** A chart's live image (committed, not deleted) with what the upload check recorded about it. */
export interface LiveImage {
  id: number;
  path: string;
  sha256: string | null;
  sizeBytes: number | null;
  shootDate: string | null;
  width: number | null;
  height: number | null;
  /** What the upload check read from a DICOM film (its pixel spacing among it); null otherwise. */
  dicomInfo: unknown;
}

/**
 * The chart's newest live image of one type: neither deleted nor a pending upload. The one query the
 * landmarks, report and planning features use to find the film their landmarks belong to.
 */
export async function newestLiveImage(db: AppDatabase, chartRef: number, type: ImageTypeCd): Promise<LiveImage | undefined> {
  const [row] = await db
    .select({
      id: chartData.id,
      path: chartData.path,
      sha256: chartData.sha256,
      sizeBytes: chartData.sizeBytes,
      shootDate: chartData.shootDate,
      width: chartData.width,
      height: chartData.height,
      dicomInfo: chartData.dicomInfo,
    })
    .from(chartData)
    .where(and(eq(chartData.chartRef, chartRef), eq(chartData.imageTypeCd, type), liveChartData))
    .orderBy(desc(chartData.id))
    .limit(1);
  return row;
}
