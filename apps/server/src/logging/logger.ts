import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';
import { maskText, maskUrl, maskValue } from './redact';

export type LogDestination = DestinationStream;

const CENSOR = '[redacted]';

/**
 * Keys whose values never reach a log line, wherever a caller puts them (top level or one level
 * down): credentials, tokens, and the personal data of users and patients. pino removes them while
 * writing, so a careless `log.info({ body })` still logs no password.
 */
const SECRET_KEYS = [
  'authorization',
  'cookie',
  'password',
  'confirmPassword',
  'token',
  'refreshToken',
  'refresh_token',
  'accessToken',
  'presignedUrl',
  'link',
  'email',
  'taxEmail',
  'to',
  'mobile',
  'mobileNumber',
  'phone',
  'phoneNumber',
  'name',
  'first_name',
  'firstName',
];

const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-amz-security-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`]),
];

interface RequestLike {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * The server's one logger; main builds it, and tests that read the logs build it with their own
 * destination. Beyond the key redaction above: request URLs lose their query values (link tokens,
 * URL signatures), and email addresses, phone numbers and bearer tokens inside any logged string are
 * masked (see redact.ts).
 */
export function createLogger(options: { level: string; destination?: LogDestination }): Logger {
  const settings: pino.LoggerOptions = {
    level: options.level,
    base: { service: 'ceppro-server' },
    redact: { paths: REDACT_PATHS, censor: CENSOR },
    serializers: {
      // Fastify's request fields, with the query values masked: the URL is where links and
      // presigned uploads carry their secrets.
      req: (req: RequestLike) => ({
        method: req.method,
        url: req.url === undefined ? undefined : maskUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
      // The standard fields as plain data, so their message and stack are masked too.
      err: (error: Error) => maskValue({ ...stdSerializers.err(error) }),
    },
    formatters: {
      // Strings anywhere in the logged object; `err` goes through its serializer above.
      log: (object) => {
        const masked: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(object)) masked[key] = key === 'err' ? value : maskValue(value);
        return masked;
      },
    },
    hooks: {
      // The message text and any printf-style arguments.
      logMethod(args, method) {
        const masked = args.map((arg) => (typeof arg === 'string' ? maskText(arg) : arg)) as Parameters<typeof method>;
        method.apply(this, masked);
      },
    },
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}
