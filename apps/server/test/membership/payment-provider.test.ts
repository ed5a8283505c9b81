import PostalMime from 'postal-mime';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../../src/mail/mailer';
import { createInvoiceProvider } from '../../src/features/membership/invoice-provider';
import { createPaymentProvider } from '../../src/features/membership/provider-registry';
import { attachedPdf, pdfText } from './invoice-test-kit';
import { FULL_ACCOUNT, INVOICE, paymentProviderContract } from './payment-provider.contract';

const SELLER = { name: '주식회사 세프로', taxNumber: '2208162517' };

function recordingMailer() {
  const sent: MailMessage[] = [];
  return { sent, send: async (m: MailMessage) => (sent.push(m), { messageId: `<${sent.length}@test>` }) };
}

paymentProviderContract('invoice', () => createInvoiceProvider({ mailer: recordingMailer(), seller: SELLER }));

describe('the invoice provider', () => {
  it('is what PAYMENT_PROVIDER=invoice selects', () => {
    expect(createPaymentProvider('invoice', { mailer: recordingMailer(), seller: SELLER }).describe()).toEqual({
      id: 'invoice',
      method: 'tax invoice',
      requires: ['taxNumber', 'taxEmail'],
    });
  });

  it('needs a tax number; the tax email may fall back to the account email', () => {
    const provider = createInvoiceProvider({ mailer: recordingMailer(), seller: SELLER });
    expect(provider.canCharge({ ...FULL_ACCOUNT, taxEmail: null })).toBe(true);
    expect(provider.canCharge({ ...FULL_ACCOUNT, taxNumber: '  ' })).toBe(false);
  });

  it('mails the tax invoice as a MIME message with the PDF attached, Korean readable', async () => {
    const mailer = recordingMailer();
    await createInvoiceProvider({ mailer, seller: SELLER }).deliver(INVOICE);
    expect(mailer.sent).toHaveLength(1);
    const [message] = mailer.sent;
    expect(message).toMatchObject({ to: 'tax@clinic.test', subject: '[Ceppro] 세금계산서 CP-202601-000001 / Tax invoice' });
    // Built as nodemailer builds it for SMTP and the outbox, then read back as a mail client would.
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const built = await transport.sendMail({ from: 'billing@ceppro.test', ...message });
    const email = await PostalMime.parse(built.message as Buffer);
    const text = pdfText(attachedPdf(email).bytes);
    const expected = [
      '세금계산서',
      '공급자',
      '주식회사 세프로',
      '220-81-62517',
      '바른치과의원',
      '124-81-00998',
      '50,000',
      '45,455',
      '4,545',
    ];
    for (const piece of [...expected, '2026-01-31 ~ 2026-02-28']) expect(text).toContain(piece);
  });
});
