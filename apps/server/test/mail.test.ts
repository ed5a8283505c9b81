import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../src/mail/mailer';
import { createSmsProvider } from '../src/sms/sms-provider';

const FROM = 'Ceppro <no-reply@ceppro.test>';
const MESSAGE = {
  to: 'doctor@clinic.test',
  subject: 'Confirm your Ceppro account',
  text: 'Open https://ceppro.test/confirm?token=abc to activate.',
  html: '<p>Open <a href="https://ceppro.test/confirm?token=abc">this link</a>.</p>',
};

function recordingLog() {
  const lines: Array<{ details: Record<string, unknown>; message: string }> = [];
  return { lines, info: (details: Record<string, unknown>, message: string) => lines.push({ details, message }) };
}

describe('mail over SMTP', () => {
  const received: Array<{ envelopeTo: string[]; raw: Buffer }> = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        buffer(stream).then(
          (raw) => {
            received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), raw });
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers a message a mail client can read', async () => {
    const mailer = createMailer({ from: FROM, transport: { driver: 'smtp', url: `smtp://127.0.0.1:${port}` } }, recordingLog());
    const { messageId } = await mailer.send(MESSAGE);
    await mailer.close();

    expect(received).toHaveLength(1);
    expect(received[0]?.envelopeTo).toEqual(['doctor@clinic.test']);
    const email = await PostalMime.parse(received[0]!.raw);
    expect(email.messageId).toBe(messageId);
    expect(email.from?.address).toBe('no-reply@ceppro.test');
    expect(email.to?.map((a) => a.address)).toEqual(['doctor@clinic.test']);
    expect(email.subject).toBe(MESSAGE.subject);
    expect(email.text?.trim()).toBe(MESSAGE.text);
    expect(email.html).toContain('https://ceppro.test/confirm?token=abc');
  });

  it('fails loudly when the SMTP server is unreachable', async () => {
    const mailer = createMailer({ from: FROM, transport: { driver: 'smtp', url: 'smtp://127.0.0.1:1' } }, recordingLog());
    await expect(mailer.send(MESSAGE)).rejects.toThrow();
    await mailer.close();
  });
});

describe('mail and SMS without a gateway go to the outbox', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ceppro-outbox-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes a parseable .eml file and logs where', async () => {
    const log = recordingLog();
    const mailer = createMailer({ from: FROM, transport: { driver: 'outbox', dir } }, log);
    await mailer.send(MESSAGE);
    await mailer.send({ ...MESSAGE, subject: 'Second' });
    await mailer.close();

    const files = (await readdir(dir)).filter((f) => f.endsWith('.eml')).sort();
    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-[0-9a-f]{12}\.eml$/);
    // Two mails written in the same millisecond sort by their random suffix: find the first by its subject.
    const emails = await Promise.all(files.map(async (f) => PostalMime.parse(await readFile(path.join(dir, f)))));
    expect(emails.map((e) => e.subject).sort()).toEqual([MESSAGE.subject, 'Second'].sort());
    const email = emails.find((e) => e.subject === MESSAGE.subject)!;
    expect(email.to?.[0]?.address).toBe('doctor@clinic.test');
    expect(email.text?.trim()).toBe(MESSAGE.text);
    expect(log.lines.map((l) => l.message)).toEqual(['mail written to outbox', 'mail written to outbox']);
    expect(files.map((f) => path.join(dir, f))).toContain(log.lines[0]?.details.file);
  });

  it('writes SMS messages next to the mail', async () => {
    const log = recordingLog();
    const sms = createSmsProvider({ driver: 'outbox', dir }, log);
    await sms.send({ to: '01012345678', text: 'Ceppro code 123456' });
    const files = (await readdir(dir)).filter((f) => f.endsWith('.sms.txt'));
    expect(files).toHaveLength(1);
    const content = await readFile(path.join(dir, files[0]!), 'utf8');
    expect(content).toContain('To: 01012345678');
    expect(content).toContain('Ceppro code 123456');
    expect(log.lines[0]?.message).toBe('sms written to outbox');
  });
});
