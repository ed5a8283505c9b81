import { and, asc, desc, eq, isNull, lte, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDatabase } from '../../db/database';
import { queryRows } from '../../db/raw-query';
import { clinicMembers, clinics, clinicSubscriptions, invoiceNumberSeq, invoices, subscriptions, users } from '../../db/schema/index';
import { clinicPayer, userPayer, type Payer } from './payer';
import type { BillingAccount } from './payment-provider';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = Omit<typeof invoices.$inferInsert, 'id' | 'number' | 'emailedAt' | 'emailAttempts' | 'currency'>;

/** Korean VAT is 10 % of the supply value; a price is quoted VAT included: 50,000 = 45,455 + 4,545. */
export function splitVat(totalWon: number): { supplyWon: number; vatWon: number } {
  const supplyWon = Math.round(totalWon / 1.1);
  return { supplyWon, vatWon: totalWon - supplyWon };
}

/** `CP-<yyyymm of issue, UTC>-<6-digit sequence>`. */
export function invoiceNumber(issuedAt: Date, seq: number): string {
  const yyyymm = issuedAt.toISOString().slice(0, 7).replace('-', '');
  return `CP-${yyyymm}-${String(seq).padStart(6, '0')}`;
}

const SEQUENCE = invoiceNumberSeq.seqName ?? 'invoice_number_seq';

/** A mail still owed is retried this many times by the billing job, then left for an operator. */
export const MAX_EMAIL_ATTEMPTS = 10;

/** The invoices of one payer: a person's personal ones, or a clinic's. */
const invoicesOf = (payer: Payer) => (payer.kind === 'user' ? eq(invoices.userId, payer.userId) : eq(invoices.clinicId, payer.clinicId));

/** The SQL of the invoices (billing history) and of the payer's billing details. */
export function createInvoiceRepository(db: AppDatabase) {
  return {
    /**
     * Who is billed: a person's sign-up details, or the clinic's details (its name and tax details;
     * `email`, where the invoice goes without a tax email, is the clinic's first live owner's).
     */
    async billingAccount(tx: AppDatabase, payer: Payer): Promise<BillingAccount | undefined> {
      if (payer.kind === 'clinic') {
        const [row] = await tx
          .select({ companyName: clinics.name, taxNumber: clinics.taxNumber, taxEmail: clinics.taxEmail, email: users.email })
          .from(clinics)
          .innerJoin(
            clinicMembers,
            and(eq(clinicMembers.clinicId, clinics.id), eq(clinicMembers.role, 'owner'), isNull(clinicMembers.removedAt)),
          )
          .innerJoin(users, eq(users.id, clinicMembers.userId))
          .where(eq(clinics.id, payer.clinicId))
          .orderBy(asc(clinicMembers.joinedAt), asc(clinicMembers.id))
          .limit(1);
        return row && { ...row, userId: null, clinicId: payer.clinicId };
      }
      const [row] = await tx
        .select({
          userId: users.id,
          email: users.email,
          companyName: users.companyName,
          taxNumber: users.taxNumber,
          taxEmail: users.taxEmail,
        })
        .from(users)
        .where(eq(users.id, payer.userId));
      return row;
    },

    /** The invoice of a payer's period, if one was recorded (a retry after a crash finds it). */
    async forPeriod(tx: AppDatabase, payer: Payer, periodStart: Date): Promise<InvoiceRow | undefined> {
      const [row] = await tx
        .select()
        .from(invoices)
        .where(and(invoicesOf(payer), eq(invoices.periodStart, periodStart)));
      return row;
    },

    /** Records a charge with the next invoice number. Call under the subscription's lock. */
    async insert(tx: AppDatabase, invoice: NewInvoice): Promise<InvoiceRow> {
      const [next] = await queryRows(tx, sql`select nextval(${SEQUENCE})::text as seq`, z.object({ seq: z.string() }));
      const number = invoiceNumber(invoice.issuedAt, Number(next?.seq));
      const [row] = await tx
        .insert(invoices)
        .values({ ...invoice, number })
        .returning();
      if (!row) throw new Error('invoice not stored');
      return row;
    },

    history(tx: AppDatabase, payer: Payer): Promise<InvoiceRow[]> {
      return tx.select().from(invoices).where(invoicesOf(payer)).orderBy(desc(invoices.periodStart));
    },

    /**
     * One invoice of its payer; another payer's id (another user's, another clinic's, or the caller's
     * personal one asked for from the clinic) answers nothing, as an unknown one does.
     */
    async owned(payer: Payer, id: string): Promise<InvoiceRow | undefined> {
      const [row] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, id), invoicesOf(payer)));
      return row;
    },

    /**
     * Takes the oldest invoice of `provider` whose delivery is owed and not leased, leasing it until
     * `leaseUntil` (SKIP LOCKED: concurrent runs take different ones). A failed delivery keeps its
     * lease, so it is retried once the lease ends, by a later run.
     */
    async claimUnsent(provider: string, now: Date, leaseUntil: Date): Promise<InvoiceRow | undefined> {
      const owed = sql`select ${invoices.id} from ${invoices}
        where ${invoices.provider} = ${provider} and ${invoices.emailedAt} is null and ${invoices.status} <> 'void'
          and ${invoices.emailAttempts} < ${MAX_EMAIL_ATTEMPTS}
          and (${invoices.deliveryLeaseUntil} is null or ${invoices.deliveryLeaseUntil} <= ${now})
        order by ${invoices.issuedAt}, ${invoices.number} limit 1 for update skip locked`;
      const [row] = await db
        .update(invoices)
        .set({ deliveryLeaseUntil: leaseUntil, emailAttempts: sql`${invoices.emailAttempts} + 1` })
        .where(sql`${invoices.id} = (${owed})`)
        .returning();
      return row;
    },

    async markEmailed(id: string, at: Date): Promise<void> {
      await db.update(invoices).set({ emailedAt: at, deliveryLeaseUntil: null }).where(eq(invoices.id, id));
    },

    /** Payers whose subscription has a period ending by `now` (a billing date, a trial end or an expiry due): people, then clinics. */
    async duePayers(now: Date): Promise<Payer[]> {
      const people = await db
        .select({ userId: subscriptions.userId })
        .from(subscriptions)
        .where(and(ne(subscriptions.state, 'expired'), lte(subscriptions.periodEnd, now)))
        .orderBy(asc(subscriptions.periodEnd), asc(subscriptions.userId));
      const clinicRows = await db
        .select({ clinicId: clinicSubscriptions.clinicId })
        .from(clinicSubscriptions)
        .where(and(ne(clinicSubscriptions.state, 'expired'), lte(clinicSubscriptions.periodEnd, now)))
        .orderBy(asc(clinicSubscriptions.periodEnd), asc(clinicSubscriptions.clinicId));
      return [...people.map((r) => userPayer(r.userId)), ...clinicRows.map((r) => clinicPayer(r.clinicId))];
    },
  };
}

export type InvoiceRepository = ReturnType<typeof createInvoiceRepository>;
