import {
  chartDataRequestSchema,
  discardUploadRequestSchema,
  downloadRequestSchema,
  FILE_ENDPOINTS,
  ok,
  updateShootDateRequestSchema,
  uploadRequestSchema,
} from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors/app-error';
import { parseBody } from '../../http/parse-body';
import { registerBearerScope, requireUser } from '../../http/require-user';
import type { SessionService } from '../auth/session.service';
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
export async function registerImageRoutes(
  app: FastifyInstance,
  deps: { images: ImageService; discard: DiscardService; sessions: SessionService },
): Promise<void> {
  const { images, discard, sessions } = deps;
  const { upload, chartDataRequest, download, updateShootDate, discardUpload } = FILE_ENDPOINTS;

  await registerBearerScope(app, sessions, (scope) => {
    scope.post(upload.path, async (request) => ok(await images.upload(requireUser(request).actor, parseUpload(request.body))));
    scope.post(chartDataRequest.path, async (request) => {
      const { upload_id } = parseBody(chartDataRequestSchema, request.body);
      return ok(await images.chartDataRequest(requireUser(request).actor, upload_id));
    });
    scope.post(download.path, async (request) =>
      ok(await images.download(requireUser(request).actor, parseBody(downloadRequestSchema, request.body))),
    );
  });

  // Under /api: the bearer hook of features/auth has already run.
  app.post(updateShootDate.path, async (request) =>
    ok(await images.updateShootDate(requireUser(request).actor, parseBody(updateShootDateRequestSchema, request.body))),
  );
  app.post(discardUpload.path, async (request) => {
    const { chart_id } = parseBody(discardUploadRequestSchema, request.body);
    return ok(await discard.discard(requireUser(request).actor, chart_id));
  });
}
