import { and, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { analysisRecords, chartData, charts, discardedCharts, licenseUploads, patients, spentProofs, uploads } from '../../db/schema/index';
import { derivedKeysOf } from './image-check';

/** What a purge removed from the database; `keys` are the objects to delete after commit. */
export interface Purged {
  chartData: number;
  keys: string[];
}

/** An image's objects: the original and its thumbnail (derived too, in case a job wrote it just now). */
function objectKeysOf(rows: Array<{ path: string; thumbnailPath: string | null }>): string[] {
  return rows.flatMap((r) => [r.path, ...derivedKeysOf(r.path), ...(r.thumbnailPath ? [r.thumbnailPath] : [])]);
}

/**
 * Hard deletes of what never became real: pending images, draft charts and draft patients, and
 * unused uploads. Each function runs inside the caller's transaction; objects are deleted by the
 * caller after commit (a failed commit must not leave rows pointing at deleted objects).
 */
export const purge = {
  async pendingImages(tx: AppDatabase, chartRef: number): Promise<Purged> {
    const rows = await tx
      .delete(chartData)
      .where(and(eq(chartData.chartRef, chartRef), isNotNull(chartData.pendingExpiresAt)))
      .returning({ path: chartData.path, thumbnailPath: chartData.thumbnailPath });
    const ups = await tx.delete(uploads).where(eq(uploads.chartRef, chartRef)).returning({ key: uploads.objectKey });
    return { chartData: rows.length, keys: [...objectKeysOf(rows), ...ups.map((u) => u.key)] };
  },

  /** The chart and everything hanging off it (images, uploads, analysis records). */
  async chart(tx: AppDatabase, chartRef: number): Promise<Purged> {
    const ups = await tx.delete(uploads).where(eq(uploads.chartRef, chartRef)).returning({ key: uploads.objectKey });
    const rows = await tx
      .delete(chartData)
      .where(eq(chartData.chartRef, chartRef))
      .returning({ path: chartData.path, thumbnailPath: chartData.thumbnailPath });
    await tx.delete(analysisRecords).where(eq(analysisRecords.chartRef, chartRef));
    await tx.delete(charts).where(eq(charts.id, chartRef));
    return { chartData: rows.length, keys: [...objectKeysOf(rows), ...ups.map((u) => u.key)] };
  },

  /** Remembers a discarded draft chart for its owner's later clean-up call (see discarded-charts.ts). */
  async recordDiscarded(tx: AppDatabase, chartId: string, userId: number): Promise<void> {
    await tx.insert(discardedCharts).values({ chartId, userId, discardedAt: new Date() }).onConflictDoNothing();
  },

  async wasDiscardedBy(tx: AppDatabase, chartId: string, userId: number): Promise<boolean> {
    const [row] = await tx
      .select({ chartId: discardedCharts.chartId })
      .from(discardedCharts)
      .where(and(eq(discardedCharts.chartId, chartId), eq(discardedCharts.userId, userId)))
      .limit(1);
    return row !== undefined;
  },

  async expiredDiscardRecords(tx: AppDatabase, before: Date): Promise<void> {
    await tx.delete(discardedCharts).where(lt(discardedCharts.discardedAt, before));
  },

  async patientHasCharts(tx: AppDatabase, patientRef: number): Promise<boolean> {
    const [row] = await tx.select({ id: charts.id }).from(charts).where(eq(charts.patientRef, patientRef)).limit(1);
    return row !== undefined;
  },

  /** A draft patient with all its charts (a draft patient's charts are never visible anyway). */
  async patient(tx: AppDatabase, patientRef: number): Promise<Purged> {
    const chartRows = await tx.select({ id: charts.id }).from(charts).where(eq(charts.patientRef, patientRef)).for('update');
    const total: Purged = { chartData: 0, keys: [] };
    for (const c of chartRows) {
      const purged = await purge.chart(tx, c.id);
      total.chartData += purged.chartData;
      total.keys.push(...purged.keys);
    }
    await tx.delete(patients).where(eq(patients.id, patientRef));
    return total;
  },

  // The sweeper's selections lock with SKIP LOCKED: a row another transaction holds (landmark
  // detection committing it, a discard) is left for the next sweep instead of waited for.

  /** Licence files uploaded at sign-up whose token expired unused: their keys. */
  async expiredLicenseUploads(tx: AppDatabase, now: Date): Promise<string[]> {
    const rows = await tx.delete(licenseUploads).where(lt(licenseUploads.expiresAt, now)).returning({ key: licenseUploads.objectKey });
    return rows.map((r) => r.key);
  },

  /** Spent sign-up proofs past the time they could have been used anyway. */
  async expiredSpentProofs(tx: AppDatabase, now: Date): Promise<void> {
    await tx.delete(spentProofs).where(lt(spentProofs.expiresAt, now));
  },

  /** Which of these staging keys an upload row still names (open, or expired but not swept yet). */
  async keysWithUpload(tx: AppDatabase, keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await tx.select({ key: uploads.objectKey }).from(uploads).where(inArray(uploads.objectKey, keys));
    return new Set(rows.map((r) => r.key));
  },

  async expiredUploads(tx: AppDatabase, now: Date): Promise<string[]> {
    const due = tx.select({ id: uploads.id }).from(uploads).where(lt(uploads.expiresAt, now)).for('update', { skipLocked: true });
    const rows = await tx.delete(uploads).where(inArray(uploads.id, due)).returning({ key: uploads.objectKey });
    return rows.map((r) => r.key);
  },

  async expiredPendingImages(tx: AppDatabase, now: Date): Promise<Purged> {
    const due = tx
      .select({ id: chartData.id })
      .from(chartData)
      .where(lt(chartData.pendingExpiresAt, now))
      .for('update', { skipLocked: true });
    const rows = await tx
      .delete(chartData)
      .where(inArray(chartData.id, due))
      .returning({ path: chartData.path, thumbnailPath: chartData.thumbnailPath });
    return { chartData: rows.length, keys: objectKeysOf(rows) };
  },

  async expiredDraftCharts(tx: AppDatabase, now: Date): Promise<number[]> {
    const rows = await tx.select({ id: charts.id }).from(charts).where(lt(charts.draftExpiresAt, now)).for('update', { skipLocked: true });
    return rows.map((r) => r.id);
  },

  async expiredDraftPatients(tx: AppDatabase, now: Date): Promise<number[]> {
    const rows = await tx
      .select({ id: patients.id })
      .from(patients)
      .where(lt(patients.draftExpiresAt, now))
      .for('update', { skipLocked: true });
    return rows.map((r) => r.id);
  },
};
