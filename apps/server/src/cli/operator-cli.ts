import type { AppDatabase } from '../db/database';
import { ConfigError, loadConfig } from '../config/config';
import { openDatabase } from '../db/database';
import { AppError } from '../errors/app-error';

/**
 * The operator's commands (`npm run admin`, `npm run notices`) work on the configured database
 * (PGlite under DATA_DIR, or DATABASE_URL): opened and migrated for `work`, closed afterwards.
 */
export async function withMigratedDatabase<T>(work: (db: AppDatabase) => Promise<T>): Promise<T> {
  const database = await openDatabase(loadConfig(process.env).database);
  try {
    await database.migrate();
    return await work(database.db);
  } finally {
    await database.close();
  }
}

/** Runs a command's `main` and exits with its code; a refusal (AppError, ConfigError) prints one line and exits 1. */
export function runOperatorCommand(main: (argv: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof AppError || error instanceof ConfigError) console.error(error.message);
      else console.error(error);
      process.exit(1);
    },
  );
}
