import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * The operator's notices and events (spec API list: `/public/notices`; spec "Toasts, popups": the
 * event popup). The operator writes a title and body per interface language; a reader gets the one
 * text that fits their language, falling back to English and then to any language written.
 */
export const NOTICE_LANGS = ['en', 'ko', 'ja', 'zh', 'vi'] as const;
export type NoticeLang = (typeof NOTICE_LANGS)[number];

/** `notice`: listed information; `event`: also shown once a day in the event popup. */
export const NOTICE_KINDS = ['notice', 'event'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const NOTICE_TITLE_MAX = 200;
export const NOTICE_BODY_MAX = 4000;

/** Text in some of the languages; at least one, none blank. */
export const noticeTextsSchema = (max: number) =>
  z
    .partialRecord(z.enum(NOTICE_LANGS), z.string().trim().min(1).max(max))
    .refine((texts) => Object.keys(texts).length > 0, { message: 'Give the text in at least one language.' });

/** What the operator stores (`npm run notices -- add`): dates are ISO 8601 instants, `ends_at` after `starts_at`. */
export const noticeInputSchema = z
  .object({
    kind: z.enum(NOTICE_KINDS),
    title: noticeTextsSchema(NOTICE_TITLE_MAX),
    body: noticeTextsSchema(NOTICE_BODY_MAX),
    starts_at: z.iso.datetime({ offset: true }),
    ends_at: z.iso.datetime({ offset: true }),
  })
  .refine((n) => Date.parse(n.ends_at) > Date.parse(n.starts_at), { message: 'ends_at must be after starts_at.', path: ['ends_at'] });
export type NoticeInput = z.infer<typeof noticeInputSchema>;

/** One notice as a reader sees it, in one language (`lang` says which one the text is in). */
export const noticeSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTICE_KINDS),
  lang: z.enum(NOTICE_LANGS),
  title: z.string(),
  body: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
});
export type Notice = z.infer<typeof noticeSchema>;

/** Form body of `/public/notices`: the reader's language (absent: English). */
export const noticesRequestSchema = z.object({ lang: z.enum(NOTICE_LANGS).optional() });

/** The notices in force now, newest start first. */
export const noticesResponseSchema = z.object({ notices: z.array(noticeSchema) });
export type NoticesResponse = z.infer<typeof noticesResponseSchema>;

export const NOTICES_ENDPOINT = endpoint({
  method: 'POST',
  path: '/public/notices',
  auth: 'public',
  request: noticesRequestSchema,
  response: noticesResponseSchema,
  idempotent: true,
});
