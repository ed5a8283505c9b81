import { NOTICE_LANGS, NOTICES_ENDPOINT, type Notice, type NoticeLang } from '@ceppro/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.ts';

/** Server cache key of the operator's notices in one language. */
export const noticeKeys = { current: (lang: NoticeLang) => ['notices', lang] as const };

/** The interface language as the notices endpoint knows it ('zh-CN' -> 'zh'; unknown -> English). */
export function noticeLang(language: string): NoticeLang {
  const base = language.slice(0, 2).toLowerCase();
  return (NOTICE_LANGS as readonly string[]).includes(base) ? (base as NoticeLang) : 'en';
}

/**
 * The notices in force now (`POST /public/notices`, public), in `lang`. Quiet: a notice that
 * cannot be fetched is not worth an alert; the popup simply does not open.
 */
export function useNotices(lang: NoticeLang) {
  return useQuery({
    queryKey: noticeKeys.current(lang),
    queryFn: async ({ signal }): Promise<Notice[]> => (await api.call(NOTICES_ENDPOINT, { lang }, { quiet: true, signal })).notices,
    retry: false,
    staleTime: 5 * 60_000,
  });
}
