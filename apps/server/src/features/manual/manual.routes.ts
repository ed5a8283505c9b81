import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors/app-error';
import { MANUAL_LANGS, manualFileName, type ManualService } from './manual.service';

/** The one path prefix of the manuals: `/manual/ceppro-manual-<en|ko>.pdf`. */
export const MANUAL_PREFIX = '/manual';

/**
 * `GET /manual/ceppro-manual-<en|ko>.pdf`: the user manual, public like the legal texts (the
 * header's manual icon offers it before sign-in too). Sent as a download under its own name.
 * Any other file name is a 404 with the NOT_FOUND code.
 */
export function registerManualRoutes(app: FastifyInstance, manuals: ManualService): void {
  app.get<{ Params: { file: string } }>(`${MANUAL_PREFIX}/:file`, async (request, reply) => {
    const lang = MANUAL_LANGS.find((l) => manualFileName(l) === request.params.file);
    if (lang === undefined) throw new AppError('NOT_FOUND', 'There is no such manual.');
    const pdf = await manuals.pdf(lang);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${manualFileName(lang)}"`)
      .header('cache-control', 'no-cache')
      .send(pdf);
  });
}
