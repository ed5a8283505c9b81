import type { Mailer } from '../../mail/mailer';
import { renderInThread, type PdfRender } from '../../pdf/index';
import { formatTaxNumber, formatWon, INVOICE_PDF, type InvoiceSeller } from './invoice-pdf';
import type { InvoiceRow } from './invoice.repository';
import type { BillingAccount, PaymentProvider } from './payment-provider';

const day = (d: Date) => d.toISOString().slice(0, 10);
const won = (n: number) => n.toLocaleString('en-US');

/** The mail that carries a tax invoice: Korean first, English below, the PDF attached. */
export function invoiceMail(invoice: InvoiceRow, pdf: Buffer) {
  const period = `${day(invoice.periodStart)} ~ ${day(invoice.periodEnd)}`;
  return {
    to: invoice.taxEmail,
    subject: `[Ceppro] 세금계산서 ${invoice.number} / Tax invoice`,
    text: [
      `세금계산서 ${invoice.number}를 첨부합니다.`,
      `사업자등록번호: ${formatTaxNumber(invoice.taxNumber)}`,
      `기간: ${period}`,
      `합계: ${formatWon(invoice.amountWon)} (공급가액 ${won(invoice.supplyWon)}, 세액 ${won(invoice.vatWon)})`,
      '',
      `Attached is tax invoice ${invoice.number} for your Ceppro subscription, ${period}: ${formatWon(invoice.amountWon)}, VAT included.`,
    ].join('\n'),
    attachments: [{ filename: `ceppro-invoice-${invoice.number}.pdf`, content: pdf, contentType: 'application/pdf' }],
  };
}

/**
 * The built-in provider: Korean clinics pay by tax invoice. A charge is "issued" (paid later by
 * transfer, outside the product); the invoice goes as a PDF to the tax email given at sign-up
 * (the account email when there is none). An account can be charged once it has a tax number.
 */
export function createInvoiceProvider(deps: {
  mailer: Pick<Mailer, 'send'>;
  seller: InvoiceSeller;
  renderPdf?: PdfRender;
}): PaymentProvider {
  const renderPdf = deps.renderPdf ?? renderInThread;
  return {
    id: 'invoice',
    describe: () => ({ id: 'invoice', method: 'tax invoice', requires: ['taxNumber', 'taxEmail'] }),
    canCharge: (account: BillingAccount) => (account.taxNumber ?? '').trim() !== '',
    // A tax invoice collects nothing now: the recorded, numbered invoice is the charge.
    charge: async () => ({ status: 'issued', reference: null }),
    async deliver(invoice) {
      const pdf = await renderPdf(INVOICE_PDF, { invoice, seller: deps.seller });
      await deps.mailer.send(invoiceMail(invoice, pdf));
    },
  };
}
