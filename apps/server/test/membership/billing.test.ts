import { eq } from 'drizzle-orm';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, subscriptions, users } from '../../src/db/schema/index';
import { ManualClock } from '../support/manual-clock';
import { createTestApp, type TestApp } from '../support/test-app';
import { attachedPdf, billedUser, pdfText } from './invoice-test-kit';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const TAX = { companyName: '서울바른치과의원', taxNumber: '1248100998', taxEmail: 'tax@bareun.test' };

/** Billing on the job runner with a clock the test moves (no real waiting), mail into the outbox. */
describe('billing job: tax invoices into the outbox', () => {
  let t: TestApp;
  const clock = new ManualClock(Date.parse('2026-01-01T00:00:00Z'));
  let outbox: string;

  beforeAll(async () => {
    t = await createTestApp({
      clock,
      env: { INVOICE_SELLER_NAME: '주식회사 세프로', INVOICE_SELLER_TAX_NUMBER: '220-81-62517' },
      // No polling loop: the test runs the queue itself (drain), so no run races the next step.
      adjustConfig: (config) => ({ ...config, jobs: { ...config.jobs, worker: false } }),
    });
    if (t.config.mail.transport.driver !== 'outbox') throw new Error('expected the outbox mailer');
    outbox = t.config.mail.transport.dir;
    t.app.billing.scheduler.start();
  });
  afterAll(() => t?.close());

  const db = () => t.services.database.db;
  const invoicesOf = (userId: number) => db().select().from(invoices).where(eq(invoices.userId, userId)).orderBy(invoices.periodStart);
  async function mails() {
    const files = (await readdir(outbox).catch(() => [])).filter((f) => f.endsWith('.eml')).sort();
    return Promise.all(files.map(async (f) => PostalMime.parse(await readFile(path.join(outbox, f)))));
  }
  /** What the hourly schedule does: the clock passes the hour, a 'billing' job is queued and run. */
  async function hourPasses() {
    clock.advance(HOUR);
    await t.app.billing.scheduler.idle();
    await t.app.background.runner.drain();
  }

  it('starts a trial, issues one invoice at the billing date and mails it once, with the PDF', async () => {
    const payer = await billedUser(db(), TAX);
    await hourPasses(); // 01:00 on Jan 1: the new account's trial starts
    const [trial] = await db().select().from(subscriptions).where(eq(subscriptions.userId, payer));
    expect(trial).toMatchObject({ state: 'trial', periodEnd: new Date('2026-01-31T01:00:00Z') });

    clock.advance(30 * DAY - HOUR); // Jan 31 00:00
    await hourPasses(); // Jan 31 01:00: the trial ended, the first month is charged
    const [first, ...more] = await invoicesOf(payer);
    expect(more).toEqual([]);
    expect(first).toMatchObject({
      provider: 'invoice',
      status: 'issued',
      amountWon: 50_000,
      supplyWon: 45_455,
      vatWon: 4_545,
      currency: 'KRW',
      taxNumber: '1248100998',
      taxEmail: 'tax@bareun.test',
      buyerName: TAX.companyName,
      periodStart: new Date('2026-01-31T01:00:00Z'),
      periodEnd: new Date('2026-02-28T01:00:00Z'),
    });
    expect(first?.number).toMatch(/^CP-202601-\d{6}$/);
    expect(first?.emailedAt?.toISOString()).toBe('2026-01-31T01:00:00.000Z');
    const [user] = await db().select({ expiresAt: users.expiresAt }).from(users).where(eq(users.id, payer));
    expect(user?.expiresAt).toBeNull();

    const sent = (await mails()).filter((m) => m.to?.some((a) => a.address === 'tax@bareun.test'));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe(`[Ceppro] 세금계산서 ${first?.number} / Tax invoice`);
    const pdf = attachedPdf(sent[0]!);
    expect(pdf.filename).toBe(`ceppro-invoice-${first?.number}.pdf`);
    const text = pdfText(pdf.bytes);
    const expected = ['세금계산서', '124-81-00998', '220-81-62517', '주식회사 세프로', TAX.companyName, '50,000', '45,455', '4,545'];
    for (const piece of [...expected, first!.number]) expect(text).toContain(piece);

    // The same day again (twice): nothing new is issued or mailed.
    await hourPasses();
    await t.app.billing.run();
    expect(await invoicesOf(payer)).toHaveLength(1);
    expect((await mails()).filter((m) => m.to?.some((a) => a.address === 'tax@bareun.test'))).toHaveLength(1);
  });

  it('retries a mail that failed, without issuing a second invoice', async () => {
    const payer = await billedUser(db(), { ...TAX, taxEmail: null });
    await t.app.billing.run(); // trial from Jan 31 01:00 (+ the hour above)
    const [trial] = await db().select().from(subscriptions).where(eq(subscriptions.userId, payer));
    clock.advance(trial!.periodEnd.getTime() - clock.now());

    const mailer = t.services.mailer;
    const send = mailer.send.bind(mailer);
    mailer.send = () => Promise.reject(new Error('mail server down'));
    try {
      // This payer's trial ends after the first payer's next billing date: both invoices fail to go.
      const failed = await t.app.billing.run();
      expect(failed).toMatchObject({ delivered: 0, deliveryFailed: 2 });
    } finally {
      mailer.send = send;
    }
    const [owed] = await invoicesOf(payer);
    expect(owed).toMatchObject({ emailedAt: null, emailAttempts: 1 });

    // Not before its lease ends; then by the next hourly run.
    expect(await t.app.billing.run()).toMatchObject({ delivered: 0, deliveryFailed: 0 });
    await hourPasses();
    const after = await invoicesOf(payer);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: owed?.id, emailAttempts: 2 });
    expect(after[0]?.emailedAt).not.toBeNull();
    // No tax email: the invoice went to the account's email.
    const [account] = await db().select({ email: users.email }).from(users).where(eq(users.id, payer));
    expect((await mails()).filter((m) => m.to?.some((a) => a.address === account?.email))).toHaveLength(1);
  });

  it('charges each billing date passed, once each, and moves the period', async () => {
    const payer = await billedUser(db(), TAX);
    await t.app.billing.run();
    clock.advance(95 * DAY); // the trial and two more billing dates pass before the next run
    await t.app.billing.run();
    await t.app.billing.run();
    const issued = await invoicesOf(payer);
    expect(issued.map((i) => i.periodStart.toISOString().slice(0, 10))).toHaveLength(3);
    expect(new Set(issued.map((i) => i.number)).size).toBe(3);
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, payer));
    expect(sub?.state).toBe('active');
    expect(sub?.periodStart.getTime()).toBe(issued.at(-1)?.periodStart.getTime());
    expect(sub!.periodEnd.getTime()).toBeGreaterThan(clock.now());
  });

  it('expires a trial without tax details at its end: no invoice, and the user expires (K024)', async () => {
    const unpaid = await billedUser(db(), null);
    await t.app.billing.run();
    const [trial] = await db().select().from(subscriptions).where(eq(subscriptions.userId, unpaid));
    clock.advance(trial!.periodEnd.getTime() - clock.now());
    await t.app.billing.run();
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, unpaid));
    expect(sub?.state).toBe('expired');
    expect(await invoicesOf(unpaid)).toEqual([]);
    const [user] = await db().select({ expiresAt: users.expiresAt }).from(users).where(eq(users.id, unpaid));
    expect(user?.expiresAt?.getTime()).toBe(trial?.trialEndsAt.getTime());
  });
});
