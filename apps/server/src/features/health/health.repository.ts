import type { DatabaseHandle } from '../../db/database';
import type { MigrationStatus } from '../../db/migrations';

export interface HealthRepository {
  /** One query that proves the database answers and tells whether the schema is current. */
  migrationStatus(): Promise<MigrationStatus>;
}

export function createHealthRepository(database: DatabaseHandle): HealthRepository {
  return { migrationStatus: () => database.migrationStatus() };
}
