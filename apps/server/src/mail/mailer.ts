import nodemailer from 'nodemailer';
import type { AppConfig } from '../config/config';
import { writeOutboxFile, type OutboxLog } from './outbox-file';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (a tax invoice PDF). */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

export interface Mailer {
  readonly driver: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise every mail becomes an .eml file in the outbox and a log line,
 * so sign-up and approval links can be followed on a machine with no mail server.
 */
export function createMailer(config: AppConfig['mail'], log: OutboxLog): Mailer {
  return config.transport.driver === 'smtp'
    ? createSmtpMailer(config.transport.url, config.from)
    : createOutboxMailer(config.transport.dir, config.from, log);
}

function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    driver: 'smtp',
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      return { messageId: info.messageId };
    },
    async close() {
      transport.close();
    },
  };
}

function createOutboxMailer(dir: string, from: string, log: OutboxLog): Mailer {
  // nodemailer builds the same MIME message it would send, so the .eml opens in any mail client.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    driver: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      // `buffer: true` makes it a Buffer; the type also allows the streaming variant.
      if (!Buffer.isBuffer(info.message)) throw new Error('nodemailer did not return a buffered message');
      const { file } = await writeOutboxFile(dir, 'eml', info.message);
      // The file holds the recipient and the link; the log line only says where it is.
      log.info({ file }, 'mail written to outbox');
      return { messageId: info.messageId };
    },
    async close() {
      transport.close();
    },
  };
}
