import type { MailMessage } from '../../src/mail/mailer';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createManualService, MANUAL_PDF } from '../../src/features/manual/manual.service';
import { INVOICE_PDF, renderInvoicePdf } from '../../src/features/membership/invoice-pdf';
import { createInvoiceProvider } from '../../src/features/membership/invoice-provider';
import { PdfPool } from '../../src/pdf/pdf-pool';
import { createTestApp, type TestApp } from '../support/test-app';
import { INVOICE } from '../membership/payment-provider.contract';
import { pdfText } from './poppler';

/**
 * The tax invoice and the user manual are made by the same worker pool as reports
 * (report-pdf-pool.ts, apps/server/src/pdf-worker.ts), not on the event loop. The proof is at the
 * pool's seam: the pool counts the PDFs its threads made, and this thread's own `render` of each
 * kind (spied on) is never called, while the PDF comes out with the right text (pdftotext) and
 * the same bytes as rendering in this thread.
 */

const ENTRY = new URL('../../src/pdf-worker-entry.mjs', import.meta.url);
const SELLER = { name: 'Ceppro Inc.', taxNumber: '2208812345' };
const MANUAL = [
  '# Ceppro user manual',
  'An **important** line.',
  '![The list screen](screens/shot.png)',
  '## Patient list',
  'Last paragraph.',
]
  .map((block) => `${block}\n\n`)
  .join('');

let pool: PdfPool;
let dir: string;

beforeAll(async () => {
  pool = new PdfPool(ENTRY, { threads: 1, budgetMs: 60_000 });
  dir = await mkdtemp(path.join(os.tmpdir(), 'ceppro-pdf-kinds-'));
  await mkdir(path.join(dir, 'screens'));
  const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
  await writeFile(path.join(dir, 'screens/shot.png'), png);
  await writeFile(path.join(dir, 'en.md'), MANUAL);
});
afterAll(async () => {
  await pool.close();
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the PDF pool makes tax invoices', () => {
  it('in its worker thread: the same bytes as in this thread, and pdftotext reads the invoice', async () => {
    const inThread = vi.spyOn(INVOICE_PDF, 'render');
    const before = pool.madeByWorkers;
    const pdf = await pool.render(INVOICE_PDF, { invoice: INVOICE, seller: SELLER });
    expect(inThread).not.toHaveBeenCalled();
    expect(pool.madeByWorkers).toBe(before + 1);
    expect(pdf.equals(await renderInvoicePdf(INVOICE, SELLER))).toBe(true);
    const text = await pdfText(pdf, dir);
    for (const words of ['세금계산서', 'CP-202601-000001', '220-88-12345', '124-81-00998', '50,000 원 (KRW)', '45,455', '4,545']) {
      expect(text).toContain(words);
    }
  });

  it('for the invoice provider: the mailed PDF was made by the pool', async () => {
    const sent: MailMessage[] = [];
    const mailer = { send: async (m: MailMessage) => (sent.push(m), { messageId: `<${sent.length}@test>` }) };
    const inThread = vi.spyOn(INVOICE_PDF, 'render');
    const before = pool.madeByWorkers;
    await createInvoiceProvider({ mailer, seller: SELLER, renderPdf: pool.render }).deliver(INVOICE);
    expect(inThread).not.toHaveBeenCalled();
    expect(pool.madeByWorkers).toBe(before + 1);
    const attached = sent[0]?.attachments?.[0]?.content;
    expect(Buffer.isBuffer(attached)).toBe(true);
    expect(await pdfText(attached as Buffer, dir)).toContain('CP-202601-000001');
  });
});

describe('the PDF pool makes the user manual', () => {
  it('in its worker thread, read from its folder: the same bytes as in this thread', async () => {
    const inThread = vi.spyOn(MANUAL_PDF, 'render');
    const before = pool.madeByWorkers;
    const service = createManualService({ dir, now: () => 0, renderPdf: pool.render });
    const pdf = await service.pdf('en');
    expect(inThread).not.toHaveBeenCalled();
    expect(pool.madeByWorkers).toBe(before + 1);
    inThread.mockRestore();
    expect(pdf.equals(await MANUAL_PDF.render({ dir, lang: 'en', creationDate: new Date(0) }))).toBe(true);
    const text = await pdfText(pdf, dir);
    for (const words of ['Ceppro user manual', 'important', 'The list screen', 'Patient list', 'Last paragraph.'])
      expect(text).toContain(words);
  });

  it('refuses a kind the worker does not know, and a failed build reaches the caller', async () => {
    await expect(pool.render({ name: 'nonsense', render: () => Promise.resolve(Buffer.alloc(0)) }, {})).rejects.toThrow(
      'No PDF kind "nonsense".',
    );
    await expect(pool.render(MANUAL_PDF, { dir, lang: 'ko', creationDate: new Date(0) })).rejects.toThrow(/ko\.md/);
  });
});

describe('the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('answers GET /manual/ceppro-manual-en.pdf with the shipped manual made off this thread', async () => {
    const inThread = vi.spyOn(MANUAL_PDF, 'render');
    const reply = await t.app.inject({ method: 'GET', url: '/manual/ceppro-manual-en.pdf' });
    expect(reply.statusCode, reply.body.slice(0, 200)).toBe(200);
    expect(inThread).not.toHaveBeenCalled();
    const text = await pdfText(reply.rawPayload, dir);
    expect(text).toContain('Ceppro user manual');
    expect(text).toMatch(/1 ?\/ ?\d+/);
  });
});
