import type { ImageTypeCd } from '@ceppro/contract';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, timestamptz, updatedAt } from './columns';
import { charts } from './charts';

/** One stored image of a chart: the cephalogram or the lateral facial photo. */
export const chartData = pgTable(
  'chart_data',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    chartRef: integer('chart_ref')
      .notNull()
      .references(() => charts.id),
    imageTypeCd: text('image_type_cd').$type<ImageTypeCd>().notNull(),
    /** Null when the user gave no date (the list shows ----). */
    shootDate: date('shoot_date', { mode: 'string' }),
    /** Object storage key of the original upload, never a URL: URLs are presigned per request. */
    path: text('path').notNull(),
    thumbnailPath: text('thumbnail_path'),
    originalName: text('original_name'),
    contentType: text('content_type'),
    /** Pixel size of the stored original (after EXIF orientation); null for rows from before it was recorded. */
    width: integer('width'),
    height: integer('height'),
    /**
     * SHA-256 (hex) and byte size of the bytes that passed the upload check, recorded at check time.
     * Every read for detection, thumbnail or report verifies them (IMAGE_CHANGED on a mismatch);
     * null for rows from before they were recorded.
     */
    sha256: text('sha256'),
    sizeBytes: integer('size_bytes'),
    /**
     * Set for a DICOM original (content_type application/dicom): its transfer syntax, calibration and
     * the derived display PNG (features/images/dicom/dicom-info.ts, zod-parsed on read). Null otherwise.
     */
    dicomInfo: jsonb('dicom_info').$type<unknown>(),
    /**
     * Non-null: checked and stored, but not yet committed by landmark detection. Invisible to every
     * query; the sweeper hard-deletes it (and its objects) after this time.
     */
    pendingExpiresAt: timestamptz('pending_expires_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('chart_data_chart_live_idx').on(t.chartRef, t.deletedAt),
    index('chart_data_chart_type_idx').on(t.chartRef, t.imageTypeCd),
    index('chart_data_pending_expiry_idx')
      .on(t.pendingExpiresAt)
      .where(sql`${t.pendingExpiresAt} is not null`),
    // Literal codes: IMAGE_TYPE in the contract, repeated here because SQL cannot import it.
    check('chart_data_image_type_cd_check', sql`${t.imageTypeCd} in ('00700', '00710')`),
  ],
);
