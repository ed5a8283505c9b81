import { sql } from 'drizzle-orm';
import { check, index, integer, pgSequence, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clinics } from './clinics';
import { timestamptz } from './columns';
import { users } from './users';

export const INVOICE_STATUSES = ['issued', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Numbers the invoices (`CP-<yyyymm>-<seq>`); a sequence, so two processes never draw the same one. */
export const invoiceNumberSeq = pgSequence('invoice_number_seq', { startWith: 1, increment: 1 });

/**
 * One charge per billing period (features/membership/billing.md): the billing history. The built-in
 * provider 'invoice' issues a Korean tax invoice; the buyer's company name, tax number and tax email
 * are copied at issue, so a later change in my-info does not rewrite an issued invoice. The PDF is
 * rendered from this row on demand (and for the mail), never stored. `emailed_at` null: the mail is
 * still owed (the billing job retries it).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    /** The personal subscriber; null for a clinic's invoice. */
    userId: integer('user_id').references(() => users.id),
    /** The clinic billed (its subscription, its tax details); null for a personal invoice. */
    clinicId: integer('clinic_id').references(() => clinics.id),
    /** The live members charged for (a clinic's invoice); null for a personal one. */
    seats: integer('seats'),
    provider: text('provider').notNull(),
    periodStart: timestamptz('period_start').notNull(),
    periodEnd: timestamptz('period_end').notNull(),
    /** What is charged, VAT included: supply value + VAT. Whole won. */
    amountWon: integer('amount_won').notNull(),
    supplyWon: integer('supply_won').notNull(),
    vatWon: integer('vat_won').notNull(),
    currency: text('currency').notNull().default('KRW'),
    status: text('status').$type<InvoiceStatus>().notNull(),
    /** The provider's own reference for the charge (none for a tax invoice). */
    reference: text('reference'),
    buyerName: text('buyer_name'),
    taxNumber: text('tax_number'),
    taxEmail: text('tax_email').notNull(),
    issuedAt: timestamptz('issued_at').notNull(),
    emailedAt: timestamptz('emailed_at'),
    emailAttempts: integer('email_attempts').notNull().default(0),
    /** A billing run is delivering it (or failed to, and waits) until then: two runs never mail it twice. */
    deliveryLeaseUntil: timestamptz('delivery_lease_until'),
  },
  (t) => [
    // One charge per period of a user: what makes a second billing run on the same day a no-op.
    uniqueIndex('invoices_user_period_key').on(t.userId, t.periodStart),
    // ...and of a clinic: one invoice per clinic per period.
    uniqueIndex('invoices_clinic_period_key')
      .on(t.clinicId, t.periodStart)
      .where(sql`${t.clinicId} is not null`),
    check('invoices_payer_check', sql`(${t.userId} is null) <> (${t.clinicId} is null)`),
    index('invoices_unsent_idx')
      .on(t.issuedAt)
      .where(sql`${t.emailedAt} is null`),
    check('invoices_status_check', sql`${t.status} in ('issued', 'paid', 'void')`),
    check('invoices_amounts_check', sql`${t.supplyWon} + ${t.vatWon} = ${t.amountWon}`),
  ],
);
