import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * Membership / subscription (spec: `/membership`, the cancel confirm popup, K024 for an expired
 * account). One plan today, paid by tax invoice; the states run trial -> active -> cancelled ->
 * expired (a trial can also be cancelled). Amounts are whole Korean won.
 */
export const SUBSCRIPTION_STATES = ['trial', 'active', 'cancelled', 'expired'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

export const INVOICE_STATUSES = ['issued', 'paid', 'void'] as const;

/** One charge of the billing history: a numbered invoice (a Korean tax invoice for 'invoice'). */
export const billingRecordSchema = z.object({
  id: z.string(),
  /** The invoice number, `CP-<yyyymm>-<seq>`. */
  number: z.string(),
  /** ISO instants of the period the charge pays for. */
  period_start: z.string(),
  period_end: z.string(),
  /** The charge, VAT included: supply_won + vat_won. */
  amount_won: z.number().int().nonnegative(),
  supply_won: z.number().int().nonnegative(),
  vat_won: z.number().int().nonnegative(),
  status: z.enum(INVOICE_STATUSES),
  /** How it is paid: the built-in provider is 'invoice' (a tax invoice mailed at the billing date). */
  method: z.string(),
  issued_at: z.string(),
  /** When the invoice was mailed; null while the mail is still owed. */
  emailed_at: z.string().nullable(),
  /** A clinic's invoice: the live members it charges for; null on a personal one. */
  seats: z.number().int().positive().nullable(),
});
export type BillingRecord = z.infer<typeof billingRecordSchema>;

export const MEMBERSHIP_SPACES = ['personal', 'clinic'] as const;

export const membershipSchema = z.object({
  /**
   * Whose subscription this is: the caller's own (personal space), or the clinic's they work in
   * (Step 16: the clinic's plan, seats and invoices; docs/billing.md "Clinics").
   */
  space: z.enum(MEMBERSHIP_SPACES),
  /** The clinic's seats; null in the personal space. */
  clinic: z
    .object({
      name: z.string(),
      /** Live members: what a month is charged for. */
      seats: z.number().int().positive(),
      seat_price_won: z.number().int().nonnegative(),
      /** The caller may manage it (the owner, `membership.manage`): cancel, payment details, invoices. */
      manage: z.boolean(),
    })
    .nullable(),
  plan: z.string(),
  /** A month's price, VAT included: in a clinic, the seat price times the seats. */
  price_won: z.number().int().nonnegative(),
  state: z.enum(SUBSCRIPTION_STATES),
  /** End of the trial (ISO), when the first charge falls; null once past the trial. */
  trial_ends_at: z.string().nullable(),
  /** Day of the month (1-31) on which the subscription renews. */
  billing_day: z.number().int().min(1).max(31),
  /** The next charge (ISO instant), null when none will come (cancelled, expired). */
  next_charge_at: z.string().nullable(),
  next_charge_won: z.number().int().nonnegative().nullable(),
  /** Until when the account can be used (ISO); null while it renews. */
  access_ends_at: z.string().nullable(),
  /**
   * How the subscription is paid. `ready` false: the account lacks what the provider needs (for
   * 'invoice', a tax number) and the subscription expires at the next billing date instead.
   */
  payment: z
    .object({
      method: z.string(),
      ready: z.boolean(),
      tax_number: z.string().nullable(),
      /** Where invoices are mailed: the tax email, else the account email (a clinic: its owner's). */
      invoice_email: z.string(),
    })
    /** Null to a clinic member who may not manage the membership. */
    .nullable(),
  /** The invoices; empty to a clinic member who may not manage the membership. */
  history: z.array(billingRecordSchema),
});
export type Membership = z.infer<typeof membershipSchema>;

/** `:id` of an invoice; not a uuid at all reads as an unknown invoice (NOT_FOUND). */
export const invoiceParamsSchema = z.object({ id: z.uuid() });

export const MEMBERSHIP_ENDPOINTS = {
  get: endpoint({ method: 'GET', path: '/api/membership', auth: 'user', response: membershipSchema }),
  cancel: endpoint({ method: 'POST', path: '/api/membership/cancel', auth: 'user', response: membershipSchema, idempotent: true }),
  /**
   * The invoice as a PDF (application/pdf) of the caller's space; 404 NOT_FOUND for an unknown id or
   * another payer's invoice, 403 ROLE_FORBIDDEN for a clinic member who is not its owner.
   */
  invoicePdf: endpoint({
    method: 'GET',
    path: '/api/membership/invoices/:id/pdf',
    auth: 'user',
    params: invoiceParamsSchema,
    paramsRefusal: 'NOT_FOUND',
    answer: 'file',
    response: 'application/pdf',
    limit: 'render',
  }),
} as const;
