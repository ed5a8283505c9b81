import type { NoticeKind, NoticeLang } from '@ceppro/contract';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';

/** Title or body per interface language (validated by the contract's noticeInputSchema on the way in). */
export type NoticeTexts = Partial<Record<NoticeLang, string>>;

/**
 * The operator's notices and events (`/public/notices`, the event popup). Shown while
 * `starts_at <= now < ends_at`. Written by `npm run notices -- add`; there is no admin screen yet.
 */
export const notices = pgTable(
  'notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<NoticeKind>().notNull(),
    title: jsonb('title').$type<NoticeTexts>().notNull(),
    body: jsonb('body').$type<NoticeTexts>().notNull(),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('notices_window_idx').on(t.startsAt, t.endsAt),
    check('notices_kind_check', sql`${t.kind} in ('notice', 'event')`),
    check('notices_window_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
