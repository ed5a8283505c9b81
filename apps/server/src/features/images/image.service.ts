import {
  IMAGE_TYPE,
  IMAGE_UPLOAD,
  type ImageTypeCd,
  type downloadRequestSchema,
  type DownloadEntry,
  type StoredChartData,
  type updateShootDateRequestSchema,
  type UploadResponse,
  type uploadRequestSchema,
} from '@ceppro/contract';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { z } from 'zod';
import { actorFor, can, type Actor, type ActorRef } from '../../access/index';
import type { AppDatabase } from '../../db/database';
import { AppError } from '../../errors/app-error';
import type { JobQueue } from '../../jobs/job-runner';
import type { ObjectStorage } from '../../storage/object-storage';
import { deleteObjects } from './discard.service';
import { dicomCalibrationOfRow, parseDicomInfo, type DicomInfo } from './dicom/dicom-info';
import { checkImage, displayKeyOf, type CheckedImage } from './image-check';
import { sha256Of } from './stored-image';
import type { ImageRepository, ImageRow, OwnedChart } from './image.repository';

type UploadInput = z.output<typeof uploadRequestSchema>;
type DownloadInput = z.output<typeof downloadRequestSchema>;
type ShootDateInput = z.output<typeof updateShootDateRequestSchema>;

/** The thumbnail job of one image; at most one queued per image (download may ask again). */
export function thumbnailJob(userId: number, chartUuid: string, chartDataId: number) {
  return { kind: 'thumbnail' as const, payload: { chartDataId, chartUuid }, userId, dedupeKey: `thumbnail:${chartDataId}` };
}

/**
 * Patient images (contract files.ts): presigned upload, the check that turns an upload into
 * pending chart data, presigned downloads and shoot dates. Every method takes the caller's actor and
 * asks the access policy (`film.upload`, `film.read`; 403 ROLE_FORBIDDEN); a chart outside the
 * caller's space, or another user's upload, reads as NOT_FOUND. A signed film URL is issued only here,
 * so only to someone the policy lets read the film.
 */
export function createImageService(deps: {
  db: AppDatabase;
  images: ImageRepository;
  storage: ObjectStorage;
  queue: JobQueue;
  log: FastifyBaseLogger;
  draftTtlS: number;
}) {
  const { db, images, storage, queue, log, draftTtlS } = deps;

  async function ownedChart(actor: Actor, chartId: string): Promise<OwnedChart> {
    const chart = await images.findOwnedChart(db, actor, { chartId });
    if (!chart) throw new AppError('NOT_FOUND');
    return chart;
  }

  /**
   * An upload that replaces a committed film (a committed chart that already shows one of this type:
   * "change image") is `film.delete` as well (403 ROLE_FORBIDDEN): an assistant adds films, never
   * replaces one. A draft chart's films are the upload's own.
   */
  async function assertMayReplace(actor: Actor, chart: OwnedChart, type: ImageTypeCd): Promise<void> {
    if (chart.draftExpiresAt !== null || can(actor, 'film.delete')) return;
    if ((await images.liveImages(chart.id, [type])).length > 0) throw new AppError('ROLE_FORBIDDEN');
  }

  /** A refused upload leaves nothing: no row, no object. */
  async function refuse(uploadId: string, key: string, error: AppError): Promise<never> {
    await images.deleteUpload(db, uploadId);
    await deleteObjects(storage, [key], log);
    throw error;
  }

  async function readStored(key: string): Promise<Buffer | AppError> {
    let object;
    try {
      object = await storage.getObject(key);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return new AppError('UPLOAD_MISSING');
      throw error;
    }
    // Refused before reading: the size is known from the store, no need to pull 30 MB and more.
    if (object.size > IMAGE_UPLOAD.maxBytes) {
      object.body.destroy();
      return new AppError('IMAGE_TOO_LARGE');
    }
    return buffer(object.body);
  }

  /**
   * A DICOM original's derived 8-bit PNG, stored once beside it (a key no URL is issued for PUT), so
   * the browser can show the film; its SHA-256 and size go into `dicom_info` with the calibration.
   */
  async function storeDisplayImage(path: string, dicom: NonNullable<CheckedImage['dicom']>): Promise<DicomInfo> {
    const key = displayKeyOf(path);
    await storage.putObject(key, dicom.displayPng, { contentType: 'image/png', ifNoneMatch: true });
    return {
      version: 1,
      transfer_syntax: dicom.film.transferSyntax,
      photometric: dicom.film.photometric,
      bits_stored: dicom.film.bitsStored,
      calibration: dicom.film.calibration,
      ...(dicom.film.ignoredSpacing.length > 0 && { ignored_spacing: dicom.film.ignoredSpacing }),
      display: { path: key, sha256: sha256Of(dicom.displayPng), size_bytes: dicom.displayPng.length },
    };
  }

  return {
    async upload(ref: ActorRef, input: UploadInput): Promise<UploadResponse> {
      const actor = actorFor(ref, 'film.upload');
      const { userId } = actor;
      const chart = await ownedChart(actor, input.chart_id);
      await assertMayReplace(actor, chart, input.image_type_cd);
      const id = randomUUID();
      const ext = EXTENSION_OF[input.content_type];
      // A staging key: the signed URL can only ever write here. The checked bytes are copied to
      // `charts/...` (a key no URL is issued for), so an accepted image cannot be replaced.
      const key = stagingKeyOf(chart.chartId, id, ext);
      const urlExpiresAt = new Date(Date.now() + IMAGE_UPLOAD.urlTtlSeconds * 1000);
      const presignedUrl = await storage.presignPut(key, input.content_type, IMAGE_UPLOAD.urlTtlSeconds);
      await images.insertUpload({
        id,
        userId,
        chartRef: chart.id,
        imageTypeCd: input.image_type_cd,
        objectKey: key,
        contentType: input.content_type,
        shootDate: input.shoot_date ?? null,
        originalName: input.original_name ?? null,
        // The browser may PUT until the URL expires and then still ask for the check.
        expiresAt: new Date(urlExpiresAt.getTime() + draftTtlS * 1000),
      });
      return { upload_id: id, presignedUrl, method: 'PUT', content_type: input.content_type, expires_at: urlExpiresAt.toISOString() };
    },

    async chartDataRequest(ref: ActorRef, uploadId: string): Promise<StoredChartData> {
      const actor = actorFor(ref, 'film.upload');
      const { userId } = actor;
      const upload = await images.findUpload(userId, uploadId);
      if (!upload) throw new AppError('NOT_FOUND');
      const chart = await images.findOwnedChart(db, actor, { ref: upload.chartRef });
      if (!chart) return refuse(upload.id, upload.objectKey, new AppError('NOT_FOUND'));
      await assertMayReplace(actor, chart, upload.imageTypeCd);
      const bytes = await readStored(upload.objectKey);
      if (bytes instanceof AppError) return refuse(upload.id, upload.objectKey, bytes);
      let checked;
      try {
        checked = await checkImage(bytes, upload.imageTypeCd, `user:${userId}`);
      } catch (error) {
        // Busy (this user's other DICOM films are being read): the upload stays for the retry.
        if (error instanceof AppError && error.code !== 'TOO_MANY_REQUESTS') return refuse(upload.id, upload.objectKey, error);
        throw error;
      }
      const pendingUntil = new Date(Date.now() + draftTtlS * 1000);
      // Exactly the bytes that passed the check, under a key of the server's own (one per upload).
      const path = acceptedKeyOf(upload.objectKey);
      await storage.putObject(path, bytes, { contentType: checked.contentType, ifNoneMatch: true }).catch((error: unknown) => {
        // Already there: another call for the same upload is accepting it right now.
        throw error instanceof AppError && error.code === 'CONFLICT' ? new AppError('NOT_FOUND') : error;
      });
      let dicomInfo: DicomInfo | null = null;
      try {
        dicomInfo = checked.dicom ? await storeDisplayImage(path, checked.dicom) : null;
      } catch (error) {
        await deleteObjects(storage, [path, displayKeyOf(path)], log);
        throw error;
      }
      let row: ImageRow;
      try {
        row = await db.transaction(async (tx) => {
          // Gone means another call already turned this upload into chart data (or discarded it).
          if (!(await images.deleteUpload(tx, upload.id))) throw new AppError('NOT_FOUND');
          const inserted = await images.insertPending(tx, {
            chartRef: chart.id,
            imageTypeCd: upload.imageTypeCd,
            shootDate: upload.shootDate,
            path,
            originalName: upload.originalName,
            contentType: checked.contentType,
            width: checked.width,
            height: checked.height,
            sha256: sha256Of(bytes),
            sizeBytes: bytes.length,
            dicomInfo,
            pendingExpiresAt: pendingUntil,
          });
          await images.extendDrafts(tx, chart, pendingUntil);
          await queue.enqueue(tx, thumbnailJob(userId, chart.uuid, inserted.id));
          return inserted;
        });
      } catch (error) {
        await deleteObjects(storage, [path, displayKeyOf(path)], log);
        throw error;
      }
      await deleteObjects(storage, [upload.objectKey], log);
      queue.wake();
      return toStored(row, chart.chartId);
    },

    async download(ref: ActorRef, input: DownloadInput): Promise<DownloadEntry[]> {
      const actor = actorFor(ref, 'film.read');
      const { userId } = actor;
      const chart = await ownedChart(actor, input.chart_id);
      const rows = await images.liveImages(chart.id, input.image_type_cd ?? [IMAGE_TYPE.cephalogram, IMAGE_TYPE.lateralFace]);
      const entries: DownloadEntry[] = [];
      let enqueued = false;
      for (const row of rows) {
        const base = {
          chart_data_id: row.id,
          image_type_cd: row.imageTypeCd,
          create_at: row.createdAt.toISOString(),
          shoot_date: row.shootDate,
          width: row.width,
          height: row.height,
          dicom_calibration: dicomCalibrationOfRow(row.dicomInfo),
        };
        // A DICOM original cannot be shown by a browser: its derived display image stands in for it.
        const shown = parseDicomInfo(row.dicomInfo)?.display.path ?? row.path;
        if (input.thumbnail_only_check && row.thumbnailPath && (await storage.exists(row.thumbnailPath))) {
          entries.push({
            ...base,
            presignedPath: await storage.presignGet(row.thumbnailPath, IMAGE_UPLOAD.urlTtlSeconds),
            thumbnail: true,
            lost: false,
          });
          continue;
        }
        const present = await storage.exists(shown);
        if (input.thumbnail_only_check && present) {
          // No thumbnail yet (or it was lost): make one in the background and show the original meanwhile.
          await queue.enqueue(db, thumbnailJob(userId, chart.uuid, row.id));
          enqueued = true;
        }
        entries.push({
          ...base,
          presignedPath: present ? await storage.presignGet(shown, IMAGE_UPLOAD.urlTtlSeconds) : null,
          thumbnail: false,
          lost: !present,
        });
      }
      if (enqueued) queue.wake();
      return entries;
    },

    async updateShootDate(ref: ActorRef, input: ShootDateInput): Promise<{ updated: number }> {
      const chart = await ownedChart(actorFor(ref, 'film.upload'), input.chart_id);
      return { updated: await images.updateShootDate(chart.id, input.image_type_cd, input.shoot_date ?? null) };
    },
  };
}

const EXTENSION_OF = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/dicom': 'dcm' } as const;

/** Object keys a signed PUT of the upload flow writes; nothing else is ever signed for PUT here. */
export const STAGING_PREFIX = 'staging/';

/** Where a signed PUT may write: `staging/<chart_id>/<upload_id>.<ext>`. */
export function stagingKeyOf(chartId: string, uploadId: string, ext: string): string {
  return `${STAGING_PREFIX}${chartId}/${uploadId}.${ext}`;
}

/** Where an accepted image lives: `charts/<chart_id>/<upload_id>.<ext>` (never signed for PUT). */
export function acceptedKeyOf(stagingKey: string): string {
  return `charts/${stagingKey.slice(STAGING_PREFIX.length)}`;
}

export function toStored(row: ImageRow, chartId: string): StoredChartData {
  return {
    id: row.id,
    chart_id: chartId,
    image_type_cd: row.imageTypeCd,
    shoot_date: row.shootDate,
    width: row.width ?? 0,
    height: row.height ?? 0,
    pending: row.pendingExpiresAt !== null,
    create_at: row.createdAt.toISOString(),
  };
}

export type ImageService = ReturnType<typeof createImageService>;
