import type { PaymentProviderId } from '../../config/payment-providers';
import type { InvoiceRow } from './invoice.repository';

/**
 * How a subscription is paid. Membership asks the configured provider (PAYMENT_PROVIDER, default
 * 'invoice') whether an account can be charged, charges each billing period through it, and
 * records every charge as a numbered row in `invoices` (the billing history), whatever the provider.
 * To add one (a card gateway, say): implement this interface in `<name>-provider.ts`, add its id to
 * PAYMENT_PROVIDER_IDS (config/payment-providers.ts, read with the rest of the configuration) and a line to
 * `createPaymentProvider` (provider-registry.ts), and run the contract suite in
 * test/membership/payment-provider.contract.ts against it.
 */
export { PAYMENT_PROVIDER_IDS, type PaymentProviderId } from '../../config/payment-providers';

/**
 * What a provider may know about the payer: the account's sign-up billing details, or a clinic's
 * (its name and tax details; `email` is its owner's).
 */
export interface BillingAccount {
  /** The person billed; null for a clinic. */
  userId: number | null;
  /** The clinic billed, when it is one. */
  clinicId?: number;
  email: string;
  companyName: string | null;
  taxNumber: string | null;
  taxEmail: string | null;
}

export interface ChargeRequest {
  account: BillingAccount;
  plan: string;
  /** The period the charge pays for (the billing date is its start). */
  period: { start: Date; end: Date };
  amountWon: number;
  /**
   * `<userId>:<period start ISO>` (`clinic-<clinicId>:...` for a clinic): the same for every retry of this charge. A provider that calls
   * out must pass it on (gateways dedupe on it): the charge runs inside the transaction that
   * advances the subscription, and a rolled-back transaction is retried.
   */
  idempotencyKey: string;
}

/** 'issued': owed, to be paid against the invoice; 'paid': collected; 'failed': refused. */
export type ChargeStatus = 'issued' | 'paid' | 'failed';

export interface ChargeResult {
  status: ChargeStatus;
  /** The provider's reference (a gateway's transaction id); null when it has none. */
  reference: string | null;
}

export interface ProviderDescription {
  id: PaymentProviderId;
  /** What the user sees as the payment method. */
  method: string;
  /** What an account needs on file before it can be charged. */
  requires: readonly string[];
}

export interface PaymentProvider {
  readonly id: PaymentProviderId;
  describe(): ProviderDescription;
  /** Whether the account has a payment method; without one the subscription expires at the billing date. */
  canCharge(account: BillingAccount): boolean;
  /** Charges one period. Must be idempotent on `request.idempotencyKey`. */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * Hands the recorded invoice to the payer (the tax invoice mail). Runs after the charge is
   * committed, from the billing job, until it succeeds: a failure (mail server down) is retried
   * on the next run, and never issues a second invoice.
   */
  deliver(invoice: InvoiceRow): Promise<void>;
}
