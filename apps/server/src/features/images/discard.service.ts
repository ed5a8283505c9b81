import type { FastifyBaseLogger } from 'fastify';
import { actorFor, type ActorRef } from '../../access/index';
import type { AppDatabase } from '../../db/database';
import { AppError } from '../../errors/app-error';
import type { ObjectStorage } from '../../storage/object-storage';
import type { ImageRepository } from './image.repository';
import { purge } from './purge.repository';

export interface DiscardResult {
  chart_data: number;
  chart: boolean;
  patient: boolean;
}

/** Deletes objects one by one; a failure is logged, not thrown: the rows are already gone. */
export async function deleteObjects(storage: ObjectStorage, keys: readonly string[], log: FastifyBaseLogger): Promise<void> {
  for (const key of new Set(keys)) {
    await storage.deleteObject(key).catch((error: unknown) => log.warn({ err: error, key }, 'object not deleted'));
  }
}

/**
 * Undoes an unfinished upload flow on one chart (the browser's failure path, and a refused X-ray):
 * the chart's pending images and unused uploads with their objects; the chart itself when it is a
 * draft (with its analysis record); the patient when it is a draft left without charts.
 * Committed data is never touched.
 */
export function createDiscardService(deps: { db: AppDatabase; images: ImageRepository; storage: ObjectStorage; log: FastifyBaseLogger }) {
  const { db, images, storage, log } = deps;
  return {
    async discard(ref: ActorRef, chartId: string): Promise<DiscardResult> {
      // Undoing one's own unfinished upload is part of the upload; committed films are never touched.
      const actor = actorFor(ref, 'film.upload');
      const { userId } = actor;
      const { result, keys } = await db.transaction(async (tx) => {
        const chart = await images.findOwnedChart(tx, actor, { chartId }, true);
        if (!chart) {
          // Already discarded (a refused X-ray does it before the browser's clean-up call): done.
          if (await purge.wasDiscardedBy(tx, chartId, userId)) return { result: { chart_data: 0, chart: false, patient: false }, keys: [] };
          throw new AppError('NOT_FOUND');
        }
        const pending = await purge.pendingImages(tx, chart.id);
        const keys = [...pending.keys];
        let count = pending.chartData;
        let chartGone = false;
        let patientGone = false;
        if (chart.draftExpiresAt) {
          const purged = await purge.chart(tx, chart.id);
          await purge.recordDiscarded(tx, chart.chartId, userId);
          keys.push(...purged.keys);
          count += purged.chartData;
          chartGone = true;
        }
        if (chart.patient.draftExpiresAt && !(await purge.patientHasCharts(tx, chart.patient.id))) {
          await purge.patient(tx, chart.patient.id);
          patientGone = true;
        }
        return { result: { chart_data: count, chart: chartGone, patient: patientGone }, keys };
      });
      await deleteObjects(storage, keys, log);
      return result;
    },
  };
}

export type DiscardService = ReturnType<typeof createDiscardService>;
