import type { FastifyInstance } from 'fastify';
import { HEALTH_PATH } from '../../http/health-only';
import type { HealthService } from './health.service';

export function registerHealthRoutes(app: FastifyInstance, service: HealthService): void {
  app.get(HEALTH_PATH, async (_request, reply) => {
    const health = await service.check();
    return reply
      .status(health.status === 'ok' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(health);
  });
}
