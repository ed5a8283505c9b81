import { z } from 'zod';
import { ConfigError } from './config-error';

/**
 * PACS_SERVERS: the DICOMweb servers (QIDO-RS, WADO-RS, STOW-RS) an operator lets users search and
 * store back to. Parsed here, not in features/pacs, because configuration is read before any feature
 * is wired and imports none (features/pacs/pacs-config.ts re-exports it; docs/pacs.md).
 */
const pacsAuthSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('basic'), username: z.string().min(1).max(200), password: z.string().max(500) }).strict(),
  z.object({ type: z.literal('bearer'), token: z.string().min(1).max(4000) }).strict(),
]);

const pacsServerSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/, 'must be 1-32 letters, digits, - or _'),
    name: z
      .string()
      .min(1)
      .max(100)
      .refine((v) => !/[\u0000-\u001f]/.test(v), 'must be one line of text'),
    url: z
      .string()
      .refine((v) => /^https?:\/\/[^/]+/.test(v) && URL.canParse(v), 'must be an http(s) URL')
      .transform((v) => v.replace(/\/+$/, '')),
    auth: pacsAuthSchema.nullable().default(null),
    timeoutMs: z.number().int().min(1_000).max(120_000).default(15_000),
  })
  .strict();

const pacsServersSchema = z.array(pacsServerSchema).max(20);

export type PacsServer = z.infer<typeof pacsServerSchema>;
export type PacsAuth = NonNullable<PacsServer['auth']>;

/**
 * Reads PACS_SERVERS (a JSON array, see README). Unset or empty: no PACS, the "Search PACS" buttons
 * are hidden. Throws ConfigError with one line naming the problem (never the credentials).
 */
export function parsePacsServers(env: Record<string, string | undefined>): PacsServer[] {
  const raw = env.PACS_SERVERS?.trim();
  if (raw === undefined || raw === '') return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new ConfigError('Invalid configuration: PACS_SERVERS must be a JSON array of {id, name, url, auth, timeoutMs}');
  }
  const parsed = pacsServersSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `PACS_SERVERS.${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const ids = parsed.data.map((server) => server.id);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice !== undefined) throw new ConfigError(`Invalid configuration: PACS_SERVERS has the id ${twice} twice`);
  return parsed.data;
}
