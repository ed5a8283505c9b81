import { describe, expect, it } from 'vitest';
import type { InvoiceRow } from '../../src/features/membership/invoice.repository';
import {
  PAYMENT_PROVIDER_IDS,
  type BillingAccount,
  type ChargeRequest,
  type PaymentProvider,
} from '../../src/features/membership/payment-provider';

/** An account with every sign-up billing detail filled in: any provider can charge it. */
export const FULL_ACCOUNT: BillingAccount = {
  userId: 7,
  email: 'doctor@clinic.test',
  companyName: '바른치과의원',
  taxNumber: '124-81-00998',
  taxEmail: 'tax@clinic.test',
};

export const REQUEST: ChargeRequest = {
  account: FULL_ACCOUNT,
  plan: 'standard',
  period: { start: new Date('2026-01-31T00:00:00Z'), end: new Date('2026-02-28T00:00:00Z') },
  amountWon: 50_000,
  idempotencyKey: '7:2026-01-31T00:00:00.000Z',
};

/** A recorded invoice as the billing ledger stores it (what `deliver` receives). */
export const INVOICE: InvoiceRow = {
  id: '4f1d2c3b-0000-4000-8000-000000000001',
  number: 'CP-202601-000001',
  userId: 7,
  clinicId: null,
  seats: null,
  provider: 'invoice',
  periodStart: REQUEST.period.start,
  periodEnd: REQUEST.period.end,
  amountWon: 50_000,
  supplyWon: 45_455,
  vatWon: 4_545,
  currency: 'KRW',
  status: 'issued',
  reference: null,
  buyerName: '바른치과의원',
  taxNumber: '124-81-00998',
  taxEmail: 'tax@clinic.test',
  issuedAt: REQUEST.period.start,
  emailedAt: null,
  emailAttempts: 1,
  deliveryLeaseUntil: null,
};

/**
 * What membership relies on from every payment provider. A new provider runs this suite with a
 * factory for a fresh instance and the fakes of what it calls (its gateway, the mailer).
 */
export function paymentProviderContract(name: string, make: () => PaymentProvider) {
  describe(`payment provider contract: ${name}`, () => {
    it('describes itself with a known id, a method and what it requires', () => {
      const provider = make();
      const description = provider.describe();
      expect(PAYMENT_PROVIDER_IDS).toContain(provider.id);
      expect(description.id).toBe(provider.id);
      expect(description.method.length).toBeGreaterThan(0);
      for (const field of description.requires) expect(Object.keys(FULL_ACCOUNT)).toContain(field);
    });

    it('can charge an account with every billing detail, and not one with none', () => {
      const provider = make();
      expect(provider.canCharge(FULL_ACCOUNT)).toBe(true);
      expect(provider.canCharge({ userId: 8, email: 'x@clinic.test', companyName: null, taxNumber: null, taxEmail: null })).toBe(false);
    });

    it('answers a charge with a known status, and the same answer for a retry with the same key', async () => {
      const provider = make();
      const first = await provider.charge(REQUEST);
      expect(['issued', 'paid', 'failed']).toContain(first.status);
      expect(first.reference === null || typeof first.reference === 'string').toBe(true);
      expect(await provider.charge({ ...REQUEST })).toEqual(first);
    });

    it('delivers a recorded invoice', async () => {
      await expect(make().deliver(INVOICE)).resolves.toBeUndefined();
    });
  });
}
