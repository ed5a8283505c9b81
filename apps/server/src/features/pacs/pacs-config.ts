import type { PacsServer } from '../../config/pacs-servers';

export { parsePacsServers, type PacsAuth, type PacsServer } from '../../config/pacs-servers';

/** The HTTP headers that authenticate a request to this PACS (none when `auth` is null). */
export function pacsAuthHeaders(server: PacsServer): Record<string, string> {
  const auth = server.auth;
  if (auth === null) return {};
  if (auth.type === 'bearer') return { authorization: `Bearer ${auth.token}` };
  const credentials = Buffer.from(`${auth.username}:${auth.password}`, 'utf8').toString('base64');
  return { authorization: `Basic ${credentials}` };
}
