import { MANUAL_ENDPOINT } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors/app-error';
import { route } from '../../http/endpoint-route';
import { MANUAL_LANGS, manualFileName, type ManualService } from './manual.service';

/**
 * `MANUAL_ENDPOINT` (`/manual/ceppro-manual-<en|ko>.pdf`): the user manual, public like the legal texts
 * (the header's manual icon offers it before sign-in too). Sent as a download under its own name. Any
 * other file name is a 404 with the NOT_FOUND code.
 */
export function registerManualRoutes(app: FastifyInstance, manuals: ManualService): void {
  route(app, MANUAL_ENDPOINT, async (_input, _request, reply, { file }) => {
    const lang = MANUAL_LANGS.find((l) => manualFileName(l) === file);
    if (lang === undefined) throw new AppError('NOT_FOUND', 'There is no such manual.');
    const pdf = await manuals.pdf(lang);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${manualFileName(lang)}"`)
      .header('cache-control', 'no-cache')
      .send(pdf);
  });
}
