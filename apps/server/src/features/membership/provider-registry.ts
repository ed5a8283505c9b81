import type { Mailer } from '../../mail/mailer';
import type { PdfRender } from '../../pdf/index';
import type { InvoiceSeller } from './invoice-pdf';
import { createInvoiceProvider } from './invoice-provider';
import type { PaymentProvider, PaymentProviderId } from './payment-provider';

/** What providers may be built from; a new provider adds what it needs (its gateway URL, keys). */
export interface ProviderDeps {
  mailer: Pick<Mailer, 'send'>;
  seller: InvoiceSeller;
  /** Makes PDFs (the invoice's): the app's PDF pool; in this thread when absent (tests). */
  renderPdf?: PdfRender;
}

/** The provider PAYMENT_PROVIDER names (config validates the id). One line per provider. */
export function createPaymentProvider(id: PaymentProviderId, deps: ProviderDeps): PaymentProvider {
  switch (id) {
    case 'invoice':
      return createInvoiceProvider(deps);
  }
}
