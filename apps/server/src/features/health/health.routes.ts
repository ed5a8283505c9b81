import type { FastifyInstance } from 'fastify';
import type { HealthService } from './health.service';

export function registerHealthRoutes(app: FastifyInstance, service: HealthService): void {
  app.get('/healthz', async (_request, reply) => {
    const health = await service.check();
    return reply
      .status(health.status === 'ok' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(health);
  });
}
