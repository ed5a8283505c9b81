import type { ImageTypeCd } from '@ceppro/contract';
import { date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { charts } from './charts';
import { createdAt, timestamptz } from './columns';
import { users } from './users';

/**
 * A presigned PUT handed to a browser and not yet turned into chart data (see contract files.ts).
 * The row names the object key the browser may write; `POST /minio/chart_data_request` checks the
 * bytes and deletes the row either way, and the sweeper deletes expired rows with their objects.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    chartRef: integer('chart_ref')
      .notNull()
      .references(() => charts.id),
    imageTypeCd: text('image_type_cd').$type<ImageTypeCd>().notNull(),
    objectKey: text('object_key').notNull(),
    contentType: text('content_type').notNull(),
    shootDate: date('shoot_date', { mode: 'string' }),
    originalName: text('original_name'),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_expiry_idx').on(t.expiresAt), index('uploads_chart_idx').on(t.chartRef)],
);
