import type { Health } from '@ceppro/contract';
import type { ObjectStorage } from '../../storage/object-storage';
import type { HealthRepository } from './health.repository';

export interface HealthService {
  check(): Promise<Health>;
}

/** A probe must answer even when a dependency hangs; a slow check counts as failed. */
const CHECK_TIMEOUT_MS = 3_000;

export function createHealthService(deps: { repository: HealthRepository; storage: ObjectStorage }): HealthService {
  return {
    async check() {
      const [migrations, storage] = await Promise.allSettled([
        withTimeout(deps.repository.migrationStatus()),
        withTimeout(deps.storage.check()),
      ]);
      const db = migrations.status === 'fulfilled' ? 'ok' : 'error';
      const applied = migrations.status === 'fulfilled' && migrations.value.upToDate;
      const storageOk = storage.status === 'fulfilled';
      return {
        status: db === 'ok' && applied && storageOk ? 'ok' : 'unavailable',
        db,
        storage: storageOk ? 'ok' : 'error',
        migrations: applied ? 'applied' : 'pending',
      };
    },
  };
}

async function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('health check timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
