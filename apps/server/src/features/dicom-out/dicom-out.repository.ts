import { IMAGE_TYPE } from '@ceppro/contract';
import { and, eq } from 'drizzle-orm';
import { liveChartScope, type Actor } from '../../access/index';
import type { AppDatabase } from '../../db/database';
import { newestLiveImage, type LiveImage } from '../../db/live-image';
import { charts, patients } from '../../db/schema/index';

/** SQL of DICOM out: the film a chart's objects are made from, found only in the caller's space. */
export function createDicomOutRepository(db: AppDatabase) {
  return {
    /** The chart's live cephalogram (the report's film), or undefined when the chart is not the caller's or has none. */
    async film(actor: Actor, chartId: string): Promise<LiveImage | undefined> {
      const [chart] = await db
        .select({ ref: charts.id })
        .from(charts)
        .innerJoin(patients, eq(patients.id, charts.patientRef))
        .where(and(eq(charts.chartId, chartId), liveChartScope(actor)))
        .limit(1);
      return chart ? newestLiveImage(db, chart.ref, IMAGE_TYPE.cephalogram) : undefined;
    },
  };
}

export type DicomOutRepository = ReturnType<typeof createDicomOutRepository>;
