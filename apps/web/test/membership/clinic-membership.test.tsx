import type { Membership } from '@ceppro/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies } from '../patients/fake-server.ts';
import { renderApp } from '../render-app.tsx';

/**
 * /membership in a clinic (docs/billing.md "Clinics"): the owner sees the clinic, its seats, the price
 * for them and the clinic's invoices with the seats charged; a member who may not manage it sees the
 * plan and seats, is told the owner manages it, and gets no payment details, invoices or cancel.
 */
const invoice = {
  id: '4f1d2c3b-0000-4000-8000-000000000001',
  number: 'CP-202601-000007',
  period_start: '2026-01-31T00:00:00.000Z',
  period_end: '2026-02-28T00:00:00.000Z',
  amount_won: 150_000,
  supply_won: 136_364,
  vat_won: 13_636,
  status: 'issued',
  method: 'invoice',
  issued_at: '2026-01-31T00:00:00.000Z',
  emailed_at: null,
  seats: 3,
} as const;
const owner: Membership = {
  space: 'clinic',
  clinic: { name: 'Barun Dental', seats: 3, seat_price_won: 50_000, manage: true },
  plan: 'standard',
  price_won: 150_000,
  state: 'active',
  trial_ends_at: null,
  billing_day: 28,
  next_charge_at: '2026-02-28T00:00:00.000Z',
  next_charge_won: 150_000,
  access_ends_at: null,
  payment: { method: 'invoice', ready: true, tax_number: '1248100998', invoice_email: 'tax@barun.test' },
  history: [invoice],
};
const doctor: Membership = { ...owner, clinic: { ...owner.clinic!, manage: false }, payment: null, history: [] };

let answer: Membership;

beforeEach(() => {
  clearCookies();
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const path = String(input);
    const body =
      path === '/api/membership'
        ? { success: true, data: answer }
        : path === '/public/notices'
          ? { success: true, data: { notices: [] } }
          : { success: false, code: 'NOT_FOUND', message: 'Not found.' };
    return new Response(JSON.stringify(body), { status: body.success ? 200 : 404, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  window.fetch = fetch;
  document.cookie = 'token=t1; path=/';
  document.cookie = `i=${encodeURIComponent(JSON.stringify({ email: 'member@barun.test', first_name: 'Kim' }))}; path=/`;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/membership in a clinic', () => {
  it("shows the owner the clinic's seats, price, tax details and invoices with their seats", async () => {
    answer = owner;
    renderApp('/membership');
    expect((await screen.findByTestId('membership-seats', {}, { timeout: 5000 })).textContent).toBe('3 members × ₩50,000');
    expect(screen.getByTestId('membership-clinic').textContent).toBe('Barun Dental');
    expect(screen.getByTestId('membership').textContent).toContain('₩150,000 a month');
    expect(screen.getByTestId('membership-tax-number').textContent).toBe('124-81-00998');
    expect(screen.getByTestId('membership-invoice').textContent).toContain('CP-202601-000007');
    expect(screen.getByTestId('membership-invoice-seats').textContent).toBe('Seats: 3');
    expect(screen.getByRole('button', { name: 'Cancel subscription' })).toBeTruthy();
    expect(screen.queryByTestId('membership-owner-note')).toBeNull();
  });

  it('shows a doctor the plan and seats, and that the owner manages it', async () => {
    answer = doctor;
    renderApp('/membership');
    expect((await screen.findByTestId('membership-owner-note', {}, { timeout: 5000 })).textContent).toBe(
      "The clinic's owner manages this membership: payment details, invoices and cancelling.",
    );
    expect(screen.getByTestId('membership-seats').textContent).toBe('3 members × ₩50,000');
    expect(screen.queryByTestId('membership-tax-number')).toBeNull();
    expect(screen.queryByTestId('membership-history')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
  });
});
