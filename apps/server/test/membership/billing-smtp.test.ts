import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../support/manual-clock';
import { createTestApp, type TestApp } from '../support/test-app';
import { attachedPdf, billedUser, pdfText, startRawMailCatcher } from './invoice-test-kit';

const DAY = 86_400_000;

/** The tax invoice mail through a real SMTP server (SMTP_URL), as production sends it. */
describe('billing job: tax invoice over SMTP', () => {
  let t: TestApp;
  let catcher: Awaited<ReturnType<typeof startRawMailCatcher>>;
  const clock = new ManualClock(Date.parse('2026-03-10T09:00:00Z'));

  beforeAll(async () => {
    catcher = await startRawMailCatcher();
    t = await createTestApp({
      clock,
      env: { SMTP_URL: catcher.url, MAIL_FROM: 'Ceppro <billing@ceppro.test>' },
      adjustConfig: (config) => ({ ...config, jobs: { ...config.jobs, worker: false } }),
    });
  });
  afterAll(async () => {
    await t?.close();
    await catcher?.close();
  });

  it('mails the PDF to the tax email once, and the PDF reads back in Korean with the tax number and amount', async () => {
    const tax = { companyName: '하늘치과', taxNumber: '124-81-00998', taxEmail: 'invoice@sky.test' };
    const payer = await billedUser(t.services.database.db, tax);
    await t.app.billing.run();
    clock.advance(30 * DAY);
    const run = await t.app.billing.run();
    expect(run).toMatchObject({ delivered: 1, deliveryFailed: 0 });
    expect(await t.app.billing.run()).toMatchObject({ settled: 0, delivered: 0 });

    expect(catcher.mails).toHaveLength(1);
    const [mail] = catcher.mails;
    expect(mail?.to).toEqual(['invoice@sky.test']);
    expect(mail?.email.from?.address).toBe('billing@ceppro.test');
    expect(mail?.email.subject).toMatch(/^\[Ceppro\] 세금계산서 CP-202604-\d{6} \/ Tax invoice$/);
    expect(mail?.email.text).toContain('124-81-00998');
    const text = pdfText(attachedPdf(mail!.email).bytes);
    for (const expected of ['세금계산서', '공급받는자', '하늘치과', '124-81-00998', '50,000', 'invoice@sky.test'])
      expect(text).toContain(expected);
    expect(payer).toBeGreaterThan(0);
  });
});
