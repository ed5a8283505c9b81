import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ConfigError } from './config-error';

const secretsSchema = z.object({
  accessToken: z.string().min(32),
  refreshToken: z.string().min(32),
  urlSigning: z.string().min(32),
});

export type Secrets = z.infer<typeof secretsSchema>;

const SECRET_NAMES = ['accessToken', 'refreshToken', 'urlSigning'] as const;

export interface LoadedSecrets {
  secrets: Secrets;
  /** Names generated on this run; non-empty only on the first embedded start. */
  generated: string[];
}

/**
 * Secrets not given in the environment are generated once and kept in `${dataDir}/secrets.json`,
 * so a laptop install needs no setup and tokens and signed URLs survive restarts.
 */
export async function loadSecrets(dataDir: string, fromEnv: Partial<Secrets>): Promise<LoadedSecrets> {
  if (SECRET_NAMES.every((name) => fromEnv[name])) {
    return { secrets: secretsSchema.parse(fromEnv), generated: [] };
  }
  const file = path.join(dataDir, 'secrets.json');
  const stored = await readStored(file);
  const generated: string[] = [];
  const kept: Partial<Secrets> = { ...stored };
  for (const name of SECRET_NAMES) {
    if (!kept[name]) {
      kept[name] = randomBytes(48).toString('base64url');
      generated.push(name);
    }
  }
  if (generated.length > 0) {
    await mkdir(dataDir, { recursive: true });
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(tmp, `${JSON.stringify(kept, null, 2)}\n`, { mode: 0o600 });
    if (Object.keys(stored).length > 0) {
      await rename(tmp, file); // a file from an older version lacked a secret: add it
    } else {
      // The first start: create the file only if no other process (an api copy started at the same
      // moment on the same DATA_DIR) made it first; then use its secrets, or tokens would not agree.
      const created = await link(tmp, file).then(
        () => true,
        (error: unknown) => {
          if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
          throw error;
        },
      );
      await unlink(tmp);
      if (!created) return loadSecrets(dataDir, fromEnv);
    }
  }
  return { secrets: secretsSchema.parse({ ...kept, ...fromEnv }), generated };
}

async function readStored(file: string): Promise<Partial<Secrets>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  try {
    return secretsSchema.partial().parse(JSON.parse(text));
  } catch {
    throw new ConfigError(`Invalid configuration: ${file} is not a valid secrets file (fix or delete it)`);
  }
}
