/**
 * What one process of the same build does (CEPPRO_ROLE, docs/roles.md):
 * - `api` serves HTTP and the socket, and enqueues jobs; it runs none.
 * - `worker` runs the background jobs that are not AI (thumbnails, sweeps, cleanups, billing).
 * - `ai` loads the landmark model and runs `landmark-detection` jobs only.
 * `all` (the default) is the three in one process, the embedded setup. Processes without `api`
 * answer `/healthz` and nothing else on PORT.
 */
export const ROLES = ['api', 'worker', 'ai'] as const;

export type Role = (typeof ROLES)[number];

export type Roles = ReadonlySet<Role>;

export class RoleError extends Error {
  override readonly name = 'RoleError';
}

/** `all`, or a comma-separated list of api, worker, ai (`api,worker`); throws RoleError otherwise. */
export function parseRoles(value: string): Roles {
  const parts = value
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== '');
  if (parts.length === 0) throw new RoleError('must be all or a comma-separated list of api, worker, ai');
  if (parts.includes('all')) {
    if (parts.length > 1) throw new RoleError('all cannot be combined with other roles');
    return new Set(ROLES);
  }
  const unknown = parts.filter((part) => !(ROLES as readonly string[]).includes(part));
  if (unknown.length > 0) throw new RoleError(`has unknown role ${unknown.join(', ')}: use all or a list of api, worker, ai`);
  return new Set(parts as Role[]);
}

/** For the start-up log line: `all`, or the roles in a fixed order. */
export function describeRoles(roles: Roles): string {
  return roles.size === ROLES.length ? 'all' : ROLES.filter((role) => roles.has(role)).join(',');
}
