import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Relative paths in the configuration resolve against the repository root, not the working
 * directory: `npm run start -w apps/server` runs in apps/server, `npm start` in the root, and both
 * must find the same DATA_DIR.
 */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export const SERVER_ROOT = path.join(REPO_ROOT, 'apps', 'server');

export function resolveFromRepoRoot(value: string, root: string = REPO_ROOT): string {
  return path.resolve(root, value);
}
