import type { AppConfig } from '../config/config';
import { writeOutboxFile, type OutboxLog } from '../mail/outbox-file';

export interface SmsMessage {
  /** Digits only, national format (docs/spec-points.md §5: Korean mobile numbers starting 01). */
  to: string;
  text: string;
}

/**
 * Sending SMS is the one thing outside the product (docs/house-rules.md §14). A real gateway implements this
 * interface; until one is chosen, messages go to the outbox next to the mail.
 */
export interface SmsProvider {
  readonly driver: 'outbox';
  send(message: SmsMessage): Promise<{ messageId: string }>;
}

export function createSmsProvider(config: AppConfig['sms'], log: OutboxLog): SmsProvider {
  return {
    driver: 'outbox',
    async send(message) {
      const content = `To: ${message.to}\nDate: ${new Date().toISOString()}\n\n${message.text}\n`;
      const { id, file } = await writeOutboxFile(config.dir, 'sms.txt', content);
      // The number stays in the file, out of the log.
      log.info({ file }, 'sms written to outbox');
      return { messageId: id };
    },
  };
}
