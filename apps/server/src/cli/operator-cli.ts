import type { AppDatabase } from '../db/database';
import { ConfigError, loadConfig } from '../config/config';
import { openDatabase } from '../db/database';
import { AppError } from '../errors/app-error';

/**
 * The operator's commands (`npm run admin`, `npm run notices`) work on the configured database
 * (PGlite under DATA_DIR, or DATABASE_URL): opened and migrated for `work`, closed afterwards.
 */
export async function withMigratedDatabase<T>(work: (db: AppDatabase) => Promise<T>, env: NodeJS.ProcessEnv = process.env): Promise<T> {
  const database = await openDatabase(loadConfig(env).database);
  try {
    await database.migrate();
    return await work(database.db);
  } finally {
    await database.close();
  }
}

/** Where a command reads its environment and standard input and writes its lines (tests pass their own). */
export interface CommandIo {
  env: NodeJS.ProcessEnv;
  stdin: NodeJS.ReadableStream;
  out(line: string): void;
  err(line: string): void;
}

export type OperatorCommand = (argv: string[], io: CommandIo) => Promise<number>;

export const processIo: CommandIo = {
  env: process.env,
  stdin: process.stdin,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
};

/** Runs a command's `main` and resolves to its exit code; a refusal (AppError, ConfigError) prints one line and gives 1. */
export async function runCommand(main: OperatorCommand, argv: string[], io: CommandIo): Promise<number> {
  try {
    return await main(argv, io);
  } catch (error) {
    if (error instanceof AppError || error instanceof ConfigError) io.err(error.message);
    else io.err(error instanceof Error ? (error.stack ?? error.message) : String(error));
    return 1;
  }
}

/** The process's entry point: runs `main` on its arguments and exits with its code. */
export function runOperatorCommand(main: OperatorCommand): void {
  void runCommand(main, process.argv.slice(2), processIo).then((code) => process.exit(code));
}
