import { THUMBNAIL_SAVED_TEXT } from '@ceppro/contract';
import { z } from 'zod';
import { AppError } from '../../errors/app-error';
import type { JobHandler } from '../../jobs/job-runner';
import type { EventBus } from '../../realtime/event-bus';
import type { ObjectStorage } from '../../storage/object-storage';
import { makeThumbnail, thumbnailKeyOf } from './image-check';
import type { ImageRepository } from './image.repository';
import { readCheckedImage } from './stored-image';

const payloadSchema = z.object({ chartDataId: z.number().int().positive() });

/**
 * Makes the thumbnail of one stored image and tells its owner: the legacy text line
 * THUMBNAIL_SAVED_TEXT goes out once per image, when its first thumbnail is recorded (a
 * regenerated one, after a loss, is silent). An image discarded meanwhile is left alone.
 */
export function createThumbnailJob(deps: { images: ImageRepository; storage: ObjectStorage; events: EventBus }): JobHandler {
  const { images, storage, events } = deps;
  return async (job, context) => {
    const { chartDataId } = payloadSchema.parse(job.payload);
    const row = await images.findImage(chartDataId);
    if (!row || row.deletedAt) return;
    if (row.thumbnailPath && (await storage.exists(row.thumbnailPath))) return;
    let original: Buffer;
    try {
      original = await readCheckedImage(storage, row, job.userId === null ? undefined : `user:${job.userId}`);
    } catch (error) {
      // The original is gone (discarded, or lost): nothing to make a thumbnail of; download shows LOST.
      if (error instanceof AppError && error.code === 'NOT_FOUND') return;
      throw error;
    }
    await context.progress(0.3);
    const thumbnail = await makeThumbnail(original);
    const key = thumbnailKeyOf(row.path);
    await storage.putObject(key, thumbnail, { contentType: 'image/jpeg' });
    await context.progress(0.9);
    if (await images.setFirstThumbnail(row.id, key)) {
      if (job.userId !== null) await events.publish(job.userId, { kind: 'text', text: THUMBNAIL_SAVED_TEXT });
    } else if (!(await images.replaceThumbnail(row.id, key))) {
      await storage.deleteObject(key);
    }
  };
}
