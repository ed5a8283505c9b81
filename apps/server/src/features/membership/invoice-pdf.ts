import { A4, ReportDocument, type PdfKind, type ReportPage, type Rgb } from '../../pdf/index';
import type { InvoiceRow } from './invoice.repository';

/** Who issues the invoice (INVOICE_SELLER_NAME, INVOICE_SELLER_TAX_NUMBER). */
export interface InvoiceSeller {
  name: string;
  taxNumber: string | null;
}

const MARGIN = 56;
const GREY: Rgb = [0.45, 0.45, 0.45];
const RULE: Rgb = [0.75, 0.75, 0.75];

/** 10 digits as the registration number is written, 123-45-67890; anything else as given. */
export function formatTaxNumber(value: string | null): string {
  if (value === null) return '-';
  const digits = value.replace(/\D/g, '');
  return digits.length === 10 ? `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}` : value;
}

export const formatWon = (won: number): string => `${won.toLocaleString('en-US')} 원 (KRW)`;
const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The tax invoice (세금계산서) of one charge as an A4 PDF, in Korean with English labels, drawn
 * from the stored row alone: the same bytes' text whenever it is rendered (mail or download). Fonts
 * are the reports' embedded Noto faces, so Hangul comes out as text (pdftotext reads it back).
 */
export async function renderInvoicePdf(invoice: InvoiceRow, seller: InvoiceSeller): Promise<Buffer> {
  const doc = new ReportDocument('ko', { title: `세금계산서 ${invoice.number}`, author: seller.name, creationDate: invoice.issuedAt });
  const page = doc.addPage();
  const right = A4.width - MARGIN;
  let y = MARGIN + 20;

  page.text(MARGIN, y, '세금계산서', { size: 22, style: 'bold' });
  page.text(MARGIN + 118, y, 'Tax invoice', { size: 14, color: GREY });
  y += 28;
  y = row(page, y, '번호 Invoice no.', invoice.number);
  y = row(page, y, '발행일 Issued', day(invoice.issuedAt));
  y = row(page, y, '상태 Status', STATUS[invoice.status]);
  y += 10;

  y = heading(page, y, '공급자 Supplier');
  y = row(page, y, '상호 Name', seller.name);
  y = row(page, y, '사업자등록번호 Business no.', formatTaxNumber(seller.taxNumber));
  y += 10;

  y = heading(page, y, '공급받는자 Buyer');
  y = row(page, y, '상호 Name', invoice.buyerName ?? '-');
  y = row(page, y, '사업자등록번호 Business no.', formatTaxNumber(invoice.taxNumber));
  y = row(page, y, '이메일 Tax email', invoice.taxEmail);
  y += 10;

  y = heading(page, y, '내역 Item');
  y = row(page, y, '품목 Item', `Ceppro 구독 (standard) ${day(invoice.periodStart)} ~ ${day(invoice.periodEnd)}`);
  // A clinic's invoice: the live members charged for at the billing date.
  if (invoice.seats !== null) y = row(page, y, '좌석 Seats', `${invoice.seats} × ${formatWon(invoice.amountWon / invoice.seats)}`);
  y = row(page, y, '공급가액 Supply value', formatWon(invoice.supplyWon));
  y = row(page, y, '세액 VAT (10%)', formatWon(invoice.vatWon));
  page.line(MARGIN, y - 8, right, y - 8, 0.8);
  y = row(page, y + 6, '합계 Total', formatWon(invoice.amountWon), 'bold');
  y += 16;

  for (const line of doc.wrap(NOTE, 9, right - MARGIN)) {
    page.text(MARGIN, y, line, { size: 9, color: GREY });
    y += 13;
  }
  return doc.toBuffer();
}

/** The tax invoice as a kind of the app's PDF pool (src/pdf/pdf-pool.ts): laid out in a worker thread. */
export const INVOICE_PDF: PdfKind<{ invoice: InvoiceRow; seller: InvoiceSeller }> = {
  name: 'invoice',
  render: ({ invoice, seller }) => renderInvoicePdf(invoice, seller),
};

const STATUS: Record<InvoiceRow['status'], string> = { issued: '청구 Issued', paid: '결제 완료 Paid', void: '취소 Void' };
const NOTE =
  '이 세금계산서는 위 기간의 Ceppro 구독 요금 청구 내역입니다. ' +
  'This tax invoice is the charge for your Ceppro subscription for the period shown.';

function heading(page: ReportPage, y: number, text: string): number {
  page.text(MARGIN, y, text, { size: 12, style: 'bold' });
  page.line(MARGIN, y + 5, A4.width - MARGIN, y + 5, 0.5, RULE);
  return y + 22;
}

function row(page: ReportPage, y: number, label: string, value: string, style: 'regular' | 'bold' = 'regular'): number {
  page.text(MARGIN, y, label, { size: 10, color: GREY });
  page.text(MARGIN + 190, y, value, { size: 11, style });
  return y + 18;
}
