/**
 * The values PAYMENT_PROVIDER accepts. Each names an implementation of features/membership's
 * PaymentProvider (provider-registry.ts); the list lives here because configuration is read before
 * any feature is wired and imports none.
 */
export const PAYMENT_PROVIDER_IDS = ['invoice'] as const;
export type PaymentProviderId = (typeof PAYMENT_PROVIDER_IDS)[number];
