import { open, readFile, rm } from 'node:fs/promises';

export interface DirLock {
  release(): Promise<void>;
}

/**
 * A pid file next to the PGlite directory. A lock left by a process that no longer exists (crash,
 * kill -9) is taken over; one held by a live process stops the start with a clear message.
 */
export async function acquireDirLock(lockFile: string): Promise<DirLock> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(lockFile, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return { release: () => rm(lockFile, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number((await readFile(lockFile, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new Error(`The embedded database is in use by process ${holder} (${lockFile}).`);
      }
      await rm(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database (${lockFile}).`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
