import type { AdminAuditEventView } from '@ceppro/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminAuditQuery, emptyAdminFilters } from '../../src/features/audit/api/use-admin-audit-trail.ts';
import { eventDetail } from '../../src/features/audit/lib/audit-detail.ts';
import { clearCookies } from '../patients/fake-server.ts';
import { renderApp } from '../render-app.tsx';

/**
 * /admin/audit: every account's events for administrators: the retention, the account (and whose
 * data) and the patient by number, the detail in the admin's language, the filters as the query,
 * older pages and the CSV; a normal account is told the page is for administrators.
 */
const refused: AdminAuditEventView = {
  id: '41',
  at: '2026-07-01T09:00:00.000Z',
  action: 'patient.view',
  outcome: 'denied',
  actor: { user_id: 7, email: 'prober@clinic.test' },
  owner: { user_id: 3, email: 'owner@clinic.test' },
  target_type: 'patient',
  target_id: '12',
  patient_ref: 12,
  patient_number: '5',
  chart_id: null,
  ip: '198.51.100.7',
  user_agent: null,
  detail: { code: 'NOT_FOUND', patientId: 12, requested: { type: 'patient', id: '12' } },
};
const listed: AdminAuditEventView = {
  ...refused,
  id: '40',
  action: 'patient.list',
  outcome: 'success',
  actor: { user_id: 3, email: 'owner@clinic.test' },
  target_type: 'none',
  target_id: null,
  patient_ref: null,
  patient_number: null,
  detail: { patientIds: [12, 13], total: 2, page: 0 },
};
const fetched: AdminAuditEventView = {
  ...listed,
  id: '39',
  action: 'image.fetch',
  target_type: 'file',
  target_id: 'charts/0c9d/a.thumb.jpg',
  patient_ref: 12,
  chart_id: '0c9d2f8e-1111-4222-8333-444455556666',
  detail: { file: 'thumbnail', via: 'signed-url', patientId: 12, chartId: '0c9d2f8e-1111-4222-8333-444455556666' },
};

const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
let calls: string[];
let answer: { status: number; body: unknown };

beforeEach(() => {
  clearCookies();
  calls = [];
  answer = {
    status: 200,
    body: { success: true, data: { items: [refused, listed, fetched], next_cursor: '1782896400000.39', retention_days: 2190 } },
  };
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const path = String(input);
    calls.push(path);
    if (path.startsWith('/api/admin/audit/events.csv'))
      return new Response('\uFEFFtime_utc\r\n', { headers: { 'Content-Type': 'text/csv' } });
    const reply = path.startsWith('/api/admin/audit/events')
      ? answer
      : path === '/public/notices'
        ? { status: 200, body: { success: true, data: { notices: [] } } }
        : { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found.' } };
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  window.fetch = fetch;
  URL.createObjectURL = vi.fn(() => 'blob:csv');
  URL.revokeObjectURL = vi.fn();
  // The download link's click: jsdom cannot navigate to a blob.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  URL.createObjectURL = objectUrls.create;
  URL.revokeObjectURL = objectUrls.revoke;
});

function signInAs(role: 'user' | 'admin') {
  document.cookie = 'token=t1; path=/';
  document.cookie = `i=${encodeURIComponent(JSON.stringify({ email: 'ops@ceppro.test', first_name: 'Ops', role }))}; path=/`;
}

describe('/admin/audit', () => {
  it('shows every account’s events with the retention, whose data, the patient by number and the detail in words', async () => {
    signInAs('admin');
    renderApp('/admin/audit');
    const rows = await screen.findAllByTestId('audit-row');
    expect(screen.getByTestId('admin-audit-retention').textContent).toBe(
      'Events are kept for 2190 days (about 6 years), then deleted. Until then nobody can change or delete them.',
    );
    expect(screen.getByTestId('admin-tab-audit').className).toContain('active');
    const [first, second, third] = rows;
    expect(first?.textContent).toContain('prober@clinic.test');
    expect(first?.textContent).toContain("on owner@clinic.test's data");
    expect(first?.textContent).toContain('Patient viewed');
    expect(first?.textContent).toContain('#5 (ID 12)');
    expect(within(first!).getByText('Denied')).toBeTruthy();
    expect(second?.textContent).toContain('Patient list viewed');
    expect(second?.textContent).toContain('Patients listed: 2 (page 1)');
    expect(second?.textContent).not.toContain('data');
    expect(third?.textContent).toContain('Image file fetched');
    expect(third?.textContent).toContain('Its thumbnail');
    expect(third?.textContent).toContain('0c9d2f8e');
  });

  it('sends the filters as the query, pages to older events and downloads the CSV', async () => {
    signInAs('admin');
    renderApp('/admin/audit');
    await screen.findAllByTestId('audit-row');
    expect(calls.filter((c) => c.startsWith('/api/admin/audit/events'))).toEqual(['/api/admin/audit/events?limit=25']);
    fireEvent.change(screen.getByTestId('admin-audit-account'), { target: { value: ' owner@clinic.test ' } });
    fireEvent.change(screen.getByTestId('audit-outcome'), { target: { value: 'denied' } });
    fireEvent.click(screen.getByTestId('admin-audit-apply'));
    await waitFor(() => expect(calls).toContain('/api/admin/audit/events?outcome=denied&limit=25&account=owner%40clinic.test'));
    fireEvent.click(await screen.findByTestId('admin-audit-older'));
    await waitFor(() =>
      expect(calls).toContain('/api/admin/audit/events?outcome=denied&cursor=1782896400000.39&limit=25&account=owner%40clinic.test'),
    );
    fireEvent.click(screen.getByTestId('audit-csv'));
    await waitFor(() => expect(calls).toContain('/api/admin/audit/events.csv?outcome=denied&account=owner%40clinic.test'));
  });

  it('tells a signed-in user who is not an admin that the page is for administrators', async () => {
    signInAs('user');
    answer = { status: 403, body: { success: false, code: 'ADMIN_REQUIRED', message: 'An administrator account is required.' } };
    renderApp('/admin/audit');
    expect((await screen.findByTestId('admin-forbidden')).textContent).toBe('This page is for administrators only.');
  });

  it('builds the query from the owner’s filters and the account, and words the new reads', () => {
    expect(adminAuditQuery(emptyAdminFilters, null)).toEqual({});
    expect(adminAuditQuery({ ...emptyAdminFilters, account: '42', action: 'patient' }, null)).toEqual({ action: 'patient', account: '42' });
    const lines = (event: Pick<AdminAuditEventView, 'action' | 'detail'>) => eventDetail(event, 'en', (d) => d).lines;
    expect(lines({ action: 'patient.list', detail: { patientIds: [1], total: 1, page: 2, search: true } })).toEqual([
      { key: 'listedPatients', values: { n: '1', page: '3' } },
      { key: 'searched', values: {} },
    ]);
    expect(lines({ action: 'chart.superimpose', detail: { films: 3, method: 'best-fit' } })).toEqual([
      { key: 'films', values: { n: '3' } },
    ]);
    expect(lines({ action: 'image.fetch', detail: { file: 'display' } })).toEqual([{ key: 'fetchedDisplay', values: {} }]);
  });
});
