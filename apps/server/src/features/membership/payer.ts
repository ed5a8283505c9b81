import type { Actor } from '../../access/index';

/**
 * Who a subscription and its invoices belong to: a person (their personal space, as before clinics)
 * or a clinic (Step 16: the clinic's plan, seats and invoices, docs/billing.md "Clinics").
 */
export type Payer = { readonly kind: 'user'; readonly userId: number } | { readonly kind: 'clinic'; readonly clinicId: number };

export const userPayer = (userId: number): Payer => ({ kind: 'user', userId });
export const clinicPayer = (clinicId: number): Payer => ({ kind: 'clinic', clinicId });

/** The payer of the space the actor works in: their clinic there, else themselves. */
export const payerOf = (actor: Actor): Payer => (actor.clinicId === null ? userPayer(actor.userId) : clinicPayer(actor.clinicId));

/** Stable across retries of one charge: what the provider dedupes on (`<userId>:` kept for personal charges). */
export const payerKey = (payer: Payer): string => (payer.kind === 'user' ? String(payer.userId) : `clinic-${payer.clinicId}`);
