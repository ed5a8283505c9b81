import { noticeInputSchema, type Notice, type NoticeLang } from '@ceppro/contract';
import { z } from 'zod';
import type { Clock } from '../../clock';
import { AppError } from '../../errors/app-error';
import type { NoticeTexts } from '../../db/schema/index';
import type { NoticeRepository, NoticeRow } from './notice.repository';

/** The language a reader gets: theirs, else English, else the first the operator wrote. */
export function pickLang(title: NoticeTexts, body: NoticeTexts, wanted: NoticeLang): NoticeLang {
  const complete = (lang: NoticeLang) => Boolean(title[lang] && body[lang]);
  if (complete(wanted)) return wanted;
  if (complete('en')) return 'en';
  const any = (Object.keys(title) as NoticeLang[]).find(complete);
  // The input schema requires a title and a body, so some language has both unless the operator
  // wrote the title in one language and the body in another: then use the reader's title language.
  return any ?? (title[wanted] ? wanted : ((Object.keys(title)[0] as NoticeLang | undefined) ?? 'en'));
}

function toNotice(row: NoticeRow, wanted: NoticeLang): Notice {
  const lang = pickLang(row.title, row.body, wanted);
  return {
    id: row.id,
    kind: row.kind,
    lang,
    title: row.title[lang] ?? Object.values(row.title)[0] ?? '',
    body: row.body[lang] ?? Object.values(row.body)[0] ?? '',
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
  };
}

/** Notices: what readers see now (public), and the operator's add/list/remove (CLI). */
export function createNoticeService(deps: { repository: NoticeRepository; clock: Pick<Clock, 'now'> }) {
  const { repository, clock } = deps;
  return {
    async current(lang: NoticeLang = 'en'): Promise<Notice[]> {
      const rows = await repository.inForce(new Date(clock.now()));
      return rows.map((row) => toNotice(row, lang));
    },

    /** Validates the operator's input (unknown shapes refused with VALIDATION_FAILED) and stores it. */
    async add(input: unknown): Promise<NoticeRow> {
      const parsed = noticeInputSchema.safeParse(input);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.path.map(String).join('.');
        throw new AppError(
          'VALIDATION_FAILED',
          `${field ? `${field}: ` : ''}${issue?.message ?? 'invalid notice'}`,
          field ? { field } : {},
        );
      }
      const n = parsed.data;
      return repository.insert({
        kind: n.kind,
        title: n.title,
        body: n.body,
        startsAt: new Date(n.starts_at),
        endsAt: new Date(n.ends_at),
      });
    },

    list: () => repository.all(),

    async remove(id: string): Promise<void> {
      if (!z.uuid().safeParse(id).success)
        throw new AppError('VALIDATION_FAILED', `"${id}" is not a notice id (see list).`, { field: 'id' });
      if (!(await repository.remove(id))) throw new AppError('NOT_FOUND', `No notice ${id}.`);
    },
  };
}

export type NoticeService = ReturnType<typeof createNoticeService>;
