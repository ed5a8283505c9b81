import { NOTICES_ENDPOINT, ok } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../../http/parse-body';
import type { NoticeService } from './notice.service';

/**
 * `POST /public/notices` (spec API list): the notices in force now, in the reader's language
 * (form field `lang`). Public: the sign-in screen shows the event popup before anyone signs in.
 */
export function registerNoticeRoutes(app: FastifyInstance, notices: NoticeService): void {
  app.post(NOTICES_ENDPOINT.path, async (request) => {
    const { lang } = parseBody(NOTICES_ENDPOINT.request, request.body);
    return ok({ notices: await notices.current(lang) });
  });
}
