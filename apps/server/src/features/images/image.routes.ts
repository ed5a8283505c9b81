import { FILE_ENDPOINTS, ok, uploadRequestSchema } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors/app-error';
import { parseBody } from '../../http/parse-body';
import { route } from '../../http/endpoint-route';
import { requireUser } from '../../http/require-user';
import type { DiscardService } from './discard.service';
import type { ImageService } from './image.service';

/** A declared size or type the contract refuses is answered with the image codes the screen knows. */
function parseUpload(body: unknown) {
  const result = uploadRequestSchema.safeParse(body ?? {});
  if (!result.success) {
    const issues = result.error.issues;
    if (issues.some((issue) => issue.path[0] === 'size' && issue.code === 'too_big')) throw new AppError('IMAGE_TOO_LARGE');
    if (issues.some((issue) => issue.path[0] === 'content_type')) throw new AppError('IMAGE_NOT_SUPPORTED');
  }
  return parseBody(uploadRequestSchema, body);
}

/** Patient images (contract files.ts); bodies JSON or form-encoded. */
export function registerImageRoutes(app: FastifyInstance, deps: { images: ImageService; discard: DiscardService }): void {
  const { images, discard } = deps;
  const { upload, chartDataRequest, download, updateShootDate, discardUpload } = FILE_ENDPOINTS;

  route(app, upload, async (input, request) => ok(await images.upload(requireUser(request).actor, input)), { parse: parseUpload });
  route(app, chartDataRequest, async ({ upload_id }, request) => ok(await images.chartDataRequest(requireUser(request).actor, upload_id)));
  route(app, download, async (input, request) => ok(await images.download(requireUser(request).actor, input)));
  route(app, updateShootDate, async (input, request) => ok(await images.updateShootDate(requireUser(request).actor, input)));
  route(app, discardUpload, async ({ chart_id }, request) => ok(await discard.discard(requireUser(request).actor, chart_id)));
}
