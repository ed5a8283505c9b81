import { NOTICES_ENDPOINT, ok } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint-route';
import type { NoticeService } from './notice.service';

/**
 * `NOTICES_ENDPOINT` (spec API list): the notices in force now, in the reader's language (form field
 * `lang`). Public: the sign-in screen shows the event popup before anyone signs in.
 */
export function registerNoticeRoutes(app: FastifyInstance, notices: NoticeService): void {
  route(app, NOTICES_ENDPOINT, async ({ lang }) => ok({ notices: await notices.current(lang) }));
}
