import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes one message to the outbox as `<timestamp>-<id>.<ext>`. The timestamp comes first so `ls`
 * lists messages in the order they were sent.
 */
export async function writeOutboxFile(dir: string, extension: string, content: string | Buffer): Promise<{ id: string; file: string }> {
  await mkdir(dir, { recursive: true });
  const id = randomBytes(6).toString('hex');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(dir, `${stamp}-${id}.${extension}`);
  await writeFile(file, content, { flag: 'wx' });
  return { id, file };
}

/** The logger surface the mail and SMS modules need; Fastify's logger satisfies it. */
export interface OutboxLog {
  info(details: Record<string, unknown>, message: string): void;
}
