import { and, desc, eq, type SQL } from 'drizzle-orm';
import { IMAGE_TYPE } from '@ceppro/contract';
import type { Actor } from '../../access/index';
import type { AppDatabase } from '../../db/database';
import { accountDefaultPpm } from '../../db/default-ppm';
import { newestLiveImage } from '../../db/live-image';
import { aiAdaptationFilms, aiAdaptationProfiles, chartData } from '../../db/schema/index';
import type { VersionedJson } from '../../db/schema/columns';

export type AdaptationProfileRow = typeof aiAdaptationProfiles.$inferSelect;

/** Whose profile: an account's (its personal space) or a clinic's (every member's corrections, every member's detections). */
export type AdaptationOwner =
  | { readonly userId: number; readonly clinicId?: undefined }
  | { readonly clinicId: number; readonly userId?: undefined };

/** The owner columns of a row of `table` and the condition that picks the owner's rows. */
function ownerKey(owner: AdaptationOwner) {
  const values = owner.clinicId !== undefined ? { ownerClinicId: owner.clinicId } : { ownerUserId: owner.userId };
  const of = (table: typeof aiAdaptationProfiles | typeof aiAdaptationFilms): SQL =>
    owner.clinicId !== undefined ? eq(table.ownerClinicId, owner.clinicId) : eq(table.ownerUserId, owner.userId);
  return { values, of };
}

/**
 * The rows of clinic adaptation. Every statement is keyed by an owner the service got from
 * `ownerOf`; nothing here takes a caller's id as an owner directly. JSON goes in and out as stored;
 * the service validates it (ai-adaptation.schemas.ts).
 */
export function createAiAdaptationRepository(db: AppDatabase) {
  return {
    /**
     * Whose profile the actor learns into and detects with: the one place that answers it. In a
     * clinic, the clinic's (learned from every member's corrections, applied to every member's
     * detections); in a personal space, the account's own.
     */
    ownerOf(actor: Actor): AdaptationOwner {
      return actor.clinicId !== null ? { clinicId: actor.clinicId } : { userId: actor.userId };
    },

    /** The owner's profile row (by its key: what a detection reads), or undefined before any learning or switch. */
    async findProfile(owner: AdaptationOwner): Promise<AdaptationProfileRow | undefined> {
      const [row] = await db.select().from(aiAdaptationProfiles).where(ownerKey(owner).of(aiAdaptationProfiles));
      return row;
    },

    /**
     * Runs `work` in one transaction holding the owner's profile row (made if missing): two saves of
     * the same owner rebuild the profile one after the other, so neither overwrites it with a list
     * of films that misses the other's.
     */
    async lockedForOwner<T>(owner: AdaptationOwner, work: (tx: OwnerTransaction) => Promise<T>): Promise<T> {
      const key = ownerKey(owner);
      return db.transaction(async (tx) => {
        await tx.insert(aiAdaptationProfiles).values(key.values).onConflictDoNothing();
        await tx.select({ id: aiAdaptationProfiles.id }).from(aiAdaptationProfiles).where(key.of(aiAdaptationProfiles)).for('update');
        return work(ownerTransaction(tx, owner));
      });
    },

    /** The chart's live cephalogram: the film cleared edits were on. */
    liveCephalogram: (chartRef: number): Promise<{ id: number } | undefined> => newestLiveImage(db, chartRef, IMAGE_TYPE.cephalogram),

    /**
     * What calibrates a film besides its ruler: the DICOM pixel spacing stored with the image and the
     * saving account's default PPM (contract `resolveCalibration` decides between them).
     */
    async filmCalibration(userId: number, chartDataId: number): Promise<{ dicomInfo: unknown; defaultPpm: number | null }> {
      const [[image], defaultPpm] = await Promise.all([
        db.select({ dicomInfo: chartData.dicomInfo }).from(chartData).where(eq(chartData.id, chartDataId)),
        accountDefaultPpm(db, userId),
      ]);
      return { dicomInfo: image?.dicomInfo ?? null, defaultPpm };
    },
  };
}

/** The statements of one owner's locked transaction (`lockedForOwner`). */
function ownerTransaction(tx: AppDatabase, owner: AdaptationOwner) {
  const films = aiAdaptationFilms;
  const key = ownerKey(owner);
  return {
    /**
     * Removes the film's row, if any; returns when it was first learned. A re-save inserts anew,
     * so the row's id says when the film was last saved (the newest films are the ones that count).
     */
    async deleteFilm(chartDataId: number): Promise<{ createdAt: Date } | undefined> {
      const [row] = await tx
        .delete(films)
        .where(and(key.of(films), eq(films.chartDataId, chartDataId)))
        .returning({ createdAt: films.createdAt });
      return row;
    },

    async insertFilm(chartDataId: number, correction: VersionedJson, createdAt: Date, now: Date): Promise<void> {
      await tx.insert(films).values({ ...key.values, chartDataId, correction, createdAt, updatedAt: now });
    },

    /** The owner's stored corrections, newest save first. */
    async newestFilms(limit: number): Promise<unknown[]> {
      const rows = await tx.select({ correction: films.correction }).from(films).where(key.of(films)).orderBy(desc(films.id)).limit(limit);
      return rows.map((r) => r.correction);
    },

    /** The owner's row as it is inside the lock (it exists: `lockedForOwner` made it). */
    async profileRow(): Promise<AdaptationProfileRow> {
      const [row] = await tx.select().from(aiAdaptationProfiles).where(key.of(aiAdaptationProfiles));
      if (!row) throw new Error('the locked profile row is gone');
      return row;
    },

    /** Sets the switch and / or the chosen definitions (null: the defaults); what is not given stays. */
    async setChoices(choices: { enabled?: boolean; definitions?: VersionedJson | null }, now: Date): Promise<void> {
      await tx
        .update(aiAdaptationProfiles)
        .set({
          ...(choices.enabled !== undefined && { enabled: choices.enabled }),
          ...(choices.definitions !== undefined && { definitions: choices.definitions }),
          updatedAt: now,
        })
        .where(key.of(aiAdaptationProfiles));
    },

    async deleteAllFilms(): Promise<void> {
      await tx.delete(films).where(key.of(films));
    },

    /** Stores the built profile (null: nothing learned); `learnedAt` null after a reset. */
    async saveProfile(profile: VersionedJson | null, filmCount: number, learnedAt: Date | null, now: Date): Promise<AdaptationProfileRow> {
      const [row] = await tx
        .update(aiAdaptationProfiles)
        .set({ profile, films: filmCount, learnedAt, updatedAt: now })
        .where(key.of(aiAdaptationProfiles))
        .returning();
      if (!row) throw new Error('the locked profile row is gone');
      return row;
    },
  };
}

export type OwnerTransaction = ReturnType<typeof ownerTransaction>;
export type AiAdaptationRepository = ReturnType<typeof createAiAdaptationRepository>;
