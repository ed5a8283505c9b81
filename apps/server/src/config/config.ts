import { DRAFT_TTL_SECONDS, USER_TYPE, type UserTypeCd } from '@ceppro/contract';
import path from 'node:path';
import { z } from 'zod';
import { parseRoles, RoleError, type Roles } from '../roles';
import { resolveFromRepoRoot, REPO_ROOT } from './paths';
import type { Secrets } from './secrets';
import { ConfigError } from './config-error';
import { PASSWORD_HASH_PROFILES, type PasswordHashProfile } from './password-hash-profiles';
import { PAYMENT_PROVIDER_IDS, type PaymentProviderId } from './payment-providers';
import { parsePacsServers, type PacsServer } from './pacs-servers';

export { ConfigError };

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Undefined means "derive from the port actually bound" (PORT=0 picks a free one). */
  publicUrl: string | undefined;
  webDist: string;
  logLevel: LogLevel;
  database: { driver: 'pglite'; dataDir: string } | { driver: 'postgres'; url: string };
  storage:
    | { driver: 'fs'; root: string }
    | { driver: 's3'; endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region: string };
  mail: { from: string; transport: { driver: 'smtp'; url: string } | { driver: 'outbox'; dir: string } };
  sms: { driver: 'outbox'; dir: string };
  /** Secrets given in the environment; the rest come from `${dataDir}/secrets.json` (see secrets.ts). */
  secretsFromEnv: Partial<Secrets>;
  limits: { jsonBodyBytes: number; uploadBytes: number };
  /** Lifetimes of sign-in tokens; short access tokens in tests and e2e exercise refresh (J002). */
  auth: {
    accessTokenTtlS: number;
    refreshTokenTtlS: number;
    rateLimitScale: number;
    refreshReuseGraceS: number;
    /** SMS_DAILY_LIMIT: verification codes the whole service sends per UTC day (not scaled). */
    smsDailyLimit: number;
    /** PASSWORD_HASH_PROFILE: `owasp` (default, production); `test` only with NODE_ENV=test (features/auth/password-hash.ts). */
    passwordHashProfile: PasswordHashProfile;
  };
  /**
   * Fastify's trustProxy: false (default) uses the socket address as the client IP; true, a hop
   * count or a list of proxy addresses reads X-Forwarded-For. The IP matters: sign-in from a new IP
   * is blocked until approved, and abuse limits count per IP.
   */
  trustProxy: boolean | number | string[];
  /**
   * New-patient and add-chart drafts (and pending images) live `ttlS` seconds unless landmark
   * detection commits them; the sweeper runs every `sweepIntervalMs`.
   */
  drafts: { ttlS: number; sweepIntervalMs: number };
  /** CEPPRO_ROLE: what this process does (roles.ts); `all` by default. */
  roles: Roles;
  /**
   * `worker`: this process runs the non-AI jobs; `ai`: it runs landmark detection jobs. A claimed job
   * is leased for `leaseS` and the lease renewed while it runs, so a dead process's job is taken again.
   */
  jobs: { worker: boolean; ai: boolean; pollMs: number; leaseS: number };
  /** MODEL_CARD_PATH: the model card to serve; undefined means the one beside the served manifest. */
  modelCardPath: string | undefined;
  /** Landmark detection: admission per user and overall, detection jobs per `ai` process (features/landmarks/detection-admission.ts). */
  detection: { maxRunning: number; maxQueued: number; perUser: number };
  /**
   * Fair share of this process between users (http/user-budget.ts): requests in flight and per minute
   * per user, heavy requests (PDF, exports, planning, image checks) per user, and heavy ones running at once.
   */
  budget: { inFlight: number; perMinute: number; heavyPerUser: number; heavyRunning: number };
  /**
   * NODE_ENV unset or `production` (what `npm start` runs): introspection and GraphiQL are off.
   * `development` (`npm run dev`) and `test` turn them on.
   */
  production: boolean;
  /** CORS_ORIGINS: browser origins (scheme://host[:port]) allowed to call the API from another site. */
  corsOrigins: string[];
  /**
   * ADMIN_APPROVAL_USER_TYPES: account types (doctor, hospital, lab, company) whose new accounts wait
   * for an administrator after the email is confirmed (status pending_admin, K017 at sign-in until
   * approved in /admin). Empty by default: every confirmed account is active.
   */
  adminApprovalUserTypes: readonly UserTypeCd[];
  /** PAYMENT_PROVIDER (features/membership/payment-provider.ts) and the issuer printed on tax invoices. */
  billing: { provider: PaymentProviderId; seller: { name: string; taxNumber: string | null } };
  /**
   * AUDIT_RETENTION_DAYS: audit events older than this are deleted by the daily purge (docs/audit.md).
   * Default 2190 (6 years, HIPAA's documentation retention); at least 365, the floor the table's
   * trigger enforces whatever is configured.
   */
  audit: { retentionDays: number };
  /**
   * LEGAL_DIR: the operator's terms.<lang>.md / privacy.<lang>.md (undefined: the shipped templates only);
   * COMPANY_NAME and UDI_CODE: the footer's company and medical-device lines (features/legal).
   */
  legal: { dir: string | undefined; company: string; udiCode: string | null };
  /** PACS_SERVERS: the DICOMweb servers users may search and store back to (config/pacs-servers.ts, docs/pacs.md). */
  pacs: { servers: PacsServer[] };
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
type LogLevel = (typeof LOG_LEVELS)[number];

const MB = 1024 * 1024;

/** The shortest audit retention: the table's trigger refuses deleting a younger event (migration 0017). */
export const AUDIT_RETENTION_MIN_DAYS = 365;

const port = z
  .string()
  .regex(/^\d{1,5}$/, 'must be an integer 0-65535')
  .transform(Number)
  .refine((n) => n <= 65_535, 'must be an integer 0-65535');

const httpUrl = z
  .string()
  .refine((v) => /^https?:\/\/[^/]+/.test(v) && URL.canParse(v), 'must be an http(s) URL')
  .transform((v) => v.replace(/\/+$/, ''));

const secret = z.string().min(32, 'must be at least 32 characters');

const seconds = (max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `must be an integer 1-${max}`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, `must be an integer 1-${max}`);

const millis = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `must be an integer ${min}-${max}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `must be an integer ${min}-${max}`);

const count = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,4}$/, `must be an integer ${min}-${max}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `must be an integer ${min}-${max}`);

const trustProxy = z
  .string()
  .refine(
    (v) => /^(true|false|\d{1,2})$/.test(v) || v.split(',').every((part) => /^[0-9a-fA-F.:/]+$/.test(part.trim())),
    'must be true, false, a hop count or a comma-separated list of proxy addresses',
  )
  .transform((v): boolean | number | string[] => {
    if (v === 'true') return true;
    if (v === 'false') return false;
    if (/^\d{1,2}$/.test(v)) return Number(v);
    return v.split(',').map((part) => part.trim());
  });

const corsOrigins = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((part) => part.trim().replace(/\/$/, ''))
      .filter((part) => part !== ''),
  )
  .refine(
    (origins) => origins.every((origin) => /^https?:\/\/[^/?#*\s]+$/.test(origin) && URL.canParse(origin)),
    'must be a comma-separated list of http(s) origins without a path, e.g. https://app.example',
  );

const envSchema = z
  .object({
    NODE_ENV: z.enum(['production', 'development', 'test'], { error: 'must be production, development or test' }).optional(),
    CORS_ORIGINS: corsOrigins.default([]),
    PORT: port.default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z
      .string()
      .refine((v) => /^postgres(ql)?:\/\//.test(v) && URL.canParse(v), 'must be a postgres:// or postgresql:// URL')
      .optional(),
    STORAGE_DRIVER: z.enum(['fs', 's3'], { error: 'must be fs or s3' }).default('fs'),
    S3_ENDPOINT: httpUrl.optional(),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid bucket name')
      .optional(),
    S3_ACCESS_KEY: z.string().optional(),
    S3_SECRET_KEY: z.string().optional(),
    S3_REGION: z.string().optional(),
    SMTP_URL: z
      .string()
      .refine((v) => /^smtps?:\/\//.test(v) && URL.canParse(v), 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Ceppro <no-reply@ceppro.local>'),
    PUBLIC_URL: httpUrl.optional(),
    ACCESS_TOKEN_SECRET: secret.optional(),
    REFRESH_TOKEN_SECRET: secret.optional(),
    URL_SIGNING_SECRET: secret.optional(),
    WEB_DIST: z.string().default('apps/web/dist'),
    LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
    ACCESS_TOKEN_TTL_S: seconds(86_400).default(900),
    REFRESH_TOKEN_TTL_S: seconds(90 * 86_400).default(14 * 86_400),
    // Two tabs refreshing at once present the same refresh token; within this window both get the
    // same new pair instead of the second counting as theft. 0 turns the window off.
    REFRESH_REUSE_GRACE_S: count(0, 300).default(10),
    TRUST_PROXY: trustProxy.default(false),
    // Browser test suites sign up and sign in far more often from one address than a person does.
    AUTH_RATE_LIMIT_SCALE: z
      .string()
      .regex(/^\d{1,4}$/, 'must be an integer 1-1000')
      .transform(Number)
      .refine((n) => n >= 1 && n <= 1000, 'must be an integer 1-1000')
      .default(1),
    // Every SMS costs money and reaches a stranger's phone: a ceiling no number of addresses gets past.
    SMS_DAILY_LIMIT: z
      .string()
      .regex(/^\d{1,7}$/, 'must be an integer 1-1000000')
      .transform(Number)
      .refine((n) => n >= 1 && n <= 1_000_000, 'must be an integer 1-1000000')
      .default(500),
    // The test suites' cheap password hashes (features/auth/password-hash.ts); refused unless NODE_ENV=test.
    PASSWORD_HASH_PROFILE: z
      .enum(PASSWORD_HASH_PROFILES, { error: `must be one of ${PASSWORD_HASH_PROFILES.join(', ')}` })
      .default('owasp'),
    DRAFT_TTL_S: seconds(86_400).default(DRAFT_TTL_SECONDS),
    DRAFT_SWEEP_INTERVAL_MS: millis(100, 3_600_000).default(10_000),
    CEPPRO_ROLE: z
      .string()
      .transform((v, ctx) => {
        try {
          return parseRoles(v);
        } catch (error) {
          if (!(error instanceof RoleError)) throw error;
          ctx.addIssue({ code: 'custom', message: error.message });
          return z.NEVER;
        }
      })
      .default(parseRoles('all')),
    // The longest wait of an idle job runner between looks at the queue. A job queued in the same process
    // wakes its runner at once and a delayed retry is waited for exactly, so the poll only finds jobs queued
    // by other processes: default 250 ms on PostgreSQL (separate API, worker and AI processes), 2 s on the
    // embedded PGlite, which no other process can write (an idle server then spends a tenth of the CPU).
    JOBS_POLL_MS: millis(20, 60_000).optional(),
    JOBS_LEASE_S: seconds(600)
      .refine((n) => n >= 2, 'must be an integer 2-600')
      .default(10),
    MODEL_CARD_PATH: z.string().optional(),
    AI_MAX_RUNNING: count(1, 16).default(1),
    AI_MAX_QUEUED: count(0, 1_000).default(20),
    AI_MAX_PER_USER: count(1, 100).default(2),
    // Sized from the web app: opening the viewer sends about 15 requests at once, a patient's history
    // one per film; nobody at a screen sends 600 a minute. Benches that flood from one user raise them.
    USER_MAX_IN_FLIGHT: count(1, 5_000).default(32),
    USER_MAX_PER_MINUTE: z
      .string()
      .regex(/^\d{1,7}$/, 'must be an integer 1-1000000')
      .transform(Number)
      .refine((n) => n >= 1 && n <= 1_000_000, 'must be an integer 1-1000000')
      .default(600),
    USER_MAX_HEAVY: count(1, 100).default(2),
    HEAVY_MAX_RUNNING: count(1, 100).default(2),
    PAYMENT_PROVIDER: z.enum(PAYMENT_PROVIDER_IDS, { error: `must be one of ${PAYMENT_PROVIDER_IDS.join(', ')}` }).default('invoice'),
    INVOICE_SELLER_NAME: z.string().min(1).max(100).default('Ceppro'),
    ADMIN_APPROVAL_USER_TYPES: z
      .string()
      .transform((v, ctx) => {
        const names = v
          .split(',')
          .map((n) => n.trim())
          .filter((n) => n !== '');
        const unknown = names.filter((n) => !(n in USER_TYPE));
        if (unknown.length > 0) {
          ctx.addIssue({
            code: 'custom',
            message: `has unknown account type ${unknown.join(', ')} (use ${Object.keys(USER_TYPE).join(', ')})`,
          });
          return z.NEVER;
        }
        return [...new Set(names.map((n) => USER_TYPE[n as keyof typeof USER_TYPE]))];
      })
      .default([]),
    AUDIT_RETENTION_DAYS: z
      .string()
      .regex(/^\d{1,5}$/, `must be an integer ${AUDIT_RETENTION_MIN_DAYS}-36500`)
      .transform(Number)
      .refine((n) => n >= AUDIT_RETENTION_MIN_DAYS && n <= 36_500, `must be an integer ${AUDIT_RETENTION_MIN_DAYS}-36500`)
      .default(2190),
    INVOICE_SELLER_TAX_NUMBER: z
      .string()
      .regex(/^\d{3}-?\d{2}-?\d{5}$/, 'must be a 10-digit business number')
      .optional(),
    LEGAL_DIR: z.string().optional(),
    COMPANY_NAME: z
      .string()
      .max(120)
      .refine((v) => !/[\u0000-\u001f]/.test(v), 'must be one line of text')
      .default('DDH Inc.'),
    UDI_CODE: z
      .string()
      .max(120)
      .refine((v) => !/[\u0000-\u001f]/.test(v), 'must be one line of text')
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.PASSWORD_HASH_PROFILE === 'test' && env.NODE_ENV !== 'test') {
      ctx.addIssue({ code: 'custom', path: ['PASSWORD_HASH_PROFILE'], message: 'may be test only when NODE_ENV=test' });
    }
    if (env.STORAGE_DRIVER !== 's3') return;
    for (const key of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_REGION'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when STORAGE_DRIVER=s3' });
    }
  });

type Env = Record<string, string | undefined>;

/**
 * Reads the whole configuration from environment variables. Pure apart from resolving paths, so
 * tests pass their own env. Throws ConfigError whose message is one line naming every bad variable.
 */
export function loadConfig(env: Env, root: string = REPO_ROOT): AppConfig {
  // An empty variable (`DATABASE_URL=`) means "not set", as it does in most deployment tools.
  const present = Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1].trim() !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const pacsServers = parsePacsServers(env);
  const dataDir = resolveFromRepoRoot(e.DATA_DIR, root);
  const outbox = path.join(dataDir, 'outbox');

  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    publicUrl: e.PUBLIC_URL,
    webDist: resolveFromRepoRoot(e.WEB_DIST, root),
    logLevel: e.LOG_LEVEL,
    database: e.DATABASE_URL ? { driver: 'postgres', url: e.DATABASE_URL } : { driver: 'pglite', dataDir: path.join(dataDir, 'db') },
    storage:
      e.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            endpoint: e.S3_ENDPOINT ?? '',
            bucket: e.S3_BUCKET ?? '',
            accessKeyId: e.S3_ACCESS_KEY ?? '',
            secretAccessKey: e.S3_SECRET_KEY ?? '',
            region: e.S3_REGION ?? '',
          }
        : { driver: 'fs', root: path.join(dataDir, 'objects') },
    mail: {
      from: e.MAIL_FROM,
      transport: e.SMTP_URL ? { driver: 'smtp', url: e.SMTP_URL } : { driver: 'outbox', dir: outbox },
    },
    sms: { driver: 'outbox', dir: outbox },
    secretsFromEnv: {
      ...(e.ACCESS_TOKEN_SECRET && { accessToken: e.ACCESS_TOKEN_SECRET }),
      ...(e.REFRESH_TOKEN_SECRET && { refreshToken: e.REFRESH_TOKEN_SECRET }),
      ...(e.URL_SIGNING_SECRET && { urlSigning: e.URL_SIGNING_SECRET }),
    },
    limits: { jsonBodyBytes: 1 * MB, uploadBytes: 50 * MB },
    auth: {
      accessTokenTtlS: e.ACCESS_TOKEN_TTL_S,
      refreshTokenTtlS: e.REFRESH_TOKEN_TTL_S,
      rateLimitScale: e.AUTH_RATE_LIMIT_SCALE,
      refreshReuseGraceS: e.REFRESH_REUSE_GRACE_S,
      smsDailyLimit: e.SMS_DAILY_LIMIT,
      passwordHashProfile: e.PASSWORD_HASH_PROFILE,
    },
    trustProxy: e.TRUST_PROXY,
    drafts: { ttlS: e.DRAFT_TTL_S, sweepIntervalMs: e.DRAFT_SWEEP_INTERVAL_MS },
    roles: e.CEPPRO_ROLE,
    jobs: {
      worker: e.CEPPRO_ROLE.has('worker'),
      ai: e.CEPPRO_ROLE.has('ai'),
      pollMs: e.JOBS_POLL_MS ?? (e.DATABASE_URL ? 250 : 2_000),
      leaseS: e.JOBS_LEASE_S,
    },
    modelCardPath: e.MODEL_CARD_PATH === undefined ? undefined : resolveFromRepoRoot(e.MODEL_CARD_PATH, root),
    detection: { maxRunning: e.AI_MAX_RUNNING, maxQueued: e.AI_MAX_QUEUED, perUser: e.AI_MAX_PER_USER },
    budget: {
      inFlight: e.USER_MAX_IN_FLIGHT,
      perMinute: e.USER_MAX_PER_MINUTE,
      heavyPerUser: e.USER_MAX_HEAVY,
      heavyRunning: e.HEAVY_MAX_RUNNING,
    },
    production: e.NODE_ENV === undefined || e.NODE_ENV === 'production',
    corsOrigins: e.CORS_ORIGINS,
    adminApprovalUserTypes: e.ADMIN_APPROVAL_USER_TYPES,
    billing: { provider: e.PAYMENT_PROVIDER, seller: { name: e.INVOICE_SELLER_NAME, taxNumber: e.INVOICE_SELLER_TAX_NUMBER ?? null } },
    audit: { retentionDays: e.AUDIT_RETENTION_DAYS },
    legal: {
      dir: e.LEGAL_DIR === undefined ? undefined : resolveFromRepoRoot(e.LEGAL_DIR, root),
      company: e.COMPANY_NAME.trim(),
      udiCode: e.UDI_CODE?.trim() ?? null,
    },
    pacs: { servers: pacsServers },
  };
}

/** The URL browsers use to reach this server; PUBLIC_URL wins, else the bound port on localhost. */
export function resolvePublicUrl(config: AppConfig, boundPort: number): string {
  return config.publicUrl ?? `http://localhost:${boundPort}`;
}
