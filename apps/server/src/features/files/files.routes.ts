import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { assertValidKey } from '../../storage/object-storage';
import { FILES_ROUTE_PREFIX } from '../../storage/fs-storage';
import type { FilesService } from './files.service';

export async function registerFilesRoutes(app: FastifyInstance, service: FilesService): Promise<void> {
  await app.register(async (scope) => {
    // Uploads are raw bytes of any type: hand the untouched request stream to the handler, and only
    // inside this plugin so JSON parsing and the JSON body limit stay as they are everywhere else.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    // `signedFetch`: the audit trail records an answered fetch as `image.fetch` (features/audit/audit-http.ts).
    scope.get(`${FILES_ROUTE_PREFIX}/*`, { config: { signedFetch: true } }, async (request, reply) => {
      const key = keyOf(request);
      service.authorize({ method: 'GET', key, query: request.query, contentType: '' });
      const object = await service.download(key);
      return reply
        .type(object.contentType)
        .header('content-length', object.size)
        .header('cache-control', 'private, max-age=0')
        .send(object.body);
    });

    scope.put(`${FILES_ROUTE_PREFIX}/*`, async (request, reply) => {
      const key = keyOf(request);
      const contentType = request.headers['content-type'] ?? '';
      service.authorize({ method: 'PUT', key, query: request.query, contentType });
      const length = request.headers['content-length'];
      // An empty PUT has no body stream at all; it stores an empty object, as S3 does.
      const body = request.body instanceof Readable ? request.body : Readable.from([]);
      await service.upload(key, body, contentType, length === undefined ? undefined : Number(length));
      // Like S3: 200 with an empty body.
      return reply.status(200).send();
    });
  });
}

function keyOf(request: FastifyRequest): string {
  const key = (request.params as Record<string, string | undefined>)['*'] ?? '';
  assertValidKey(key);
  return key;
}
