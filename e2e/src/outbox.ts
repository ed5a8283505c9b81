import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/**
 * The server's outbox (no SMTP_URL in the e2e run): every mail is an .eml file and every SMS a
 * .sms.txt file under <DATA_DIR>/outbox, named by time so the newest sorts last.
 */
let outboxDir = '';
let serverData = '';

export function setOutboxDir(dataDir: string): void {
  serverData = dataDir;
  outboxDir = join(dataDir, 'outbox');
}

/** The e2e server's DATA_DIR (objects under `objects/`), for tests that check what was stored. */
export function serverDataDir(): string {
  return serverData;
}

function files(extension: string): string[] {
  try {
    return readdirSync(outboxDir)
      .filter((f) => f.endsWith(extension))
      .sort();
  } catch {
    return [];
  }
}

/** Undoes quoted-printable soft breaks and escapes (nodemailer uses it for long text lines). */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Every base64 body part decoded, for mails whose text part is base64. */
function decodeBase64Parts(text: string): string {
  const parts = text.split(/Content-Transfer-Encoding:\s*base64\s*\r?\n\r?\n/i).slice(1);
  return parts.map((p) => Buffer.from(p.split(/\r?\n\r?\n|--/)[0]?.replace(/\s/g, '') ?? '', 'base64').toString('utf8')).join('\n');
}

function readable(file: string): string {
  const raw = readFileSync(join(outboxDir, file), 'utf8');
  return `${decodeQuotedPrintable(raw)}\n${decodeBase64Parts(raw)}`;
}

/** Files already there, so a test can wait for the next message only. */
export function outboxMark(): Set<string> {
  return new Set([...files('.eml'), ...files('.sms.txt')]);
}

/**
 * The outbox is files on disk, not the page: it is polled (`expect.poll`) until a message to the
 * recipient is there, and that message is returned.
 */
async function awaitMessage(find: () => string, what: string, timeoutMs: number): Promise<string> {
  let found = '';
  await expect
    .poll(
      () => {
        found = find();
        return found !== '';
      },
      { message: what, timeout: timeoutMs },
    )
    .toBe(true);
  return found;
}

/** The newest mail to `email` (not in `seen`), waited for up to `timeoutMs`. */
export async function newestMail(email: string, seen: Set<string> = new Set(), timeoutMs = 8000): Promise<string> {
  const to = new RegExp(`^To:.*${email.replace(/[.+]/g, '\\$&')}`, 'im');
  const find = () =>
    files('.eml')
      .filter((f) => !seen.has(f))
      .map(readable)
      .filter((m) => to.test(m))
      .at(-1) ?? '';
  return awaitMessage(find, `a mail to ${email}`, timeoutMs);
}

/** The first link in a mail whose URL carries a token. */
export function linkIn(mail: string): string {
  const match = /https?:\/\/[^\s"<>]+[?&]token=[^\s"<>&]+/.exec(mail);
  if (match === null) throw new Error(`no link with a token in the mail:\n${mail.slice(0, 2000)}`);
  return match[0].replace(/&amp;/g, '&');
}

/** The 6-digit code of the newest SMS to `mobile` (digits only). */
export async function newestSmsCode(mobile: string, seen: Set<string> = new Set(), timeoutMs = 8000): Promise<string> {
  const digits = mobile.replace(/\D/g, '');
  const find = () =>
    files('.sms.txt')
      .filter((f) => !seen.has(f))
      .map((f) => readFileSync(join(outboxDir, f), 'utf8'))
      .filter((m) => new RegExp(`^To: ${digits}$`, 'm').test(m))
      .at(-1) ?? '';
  const sms = await awaitMessage(find, `an SMS to ${digits}`, timeoutMs);
  const code = /\b(\d{6})\b/.exec(sms.split('\n\n').slice(1).join('\n'))?.[1];
  if (code === undefined) throw new Error(`no code in the SMS:\n${sms}`);
  return code;
}
