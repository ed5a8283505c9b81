import { AUDIT_ACTIONS, AUDIT_RECORD_DOCUMENTS, type AuditEventView } from '@ceppro/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ActivityLog } from '../../src/features/audit/components/activity-log.tsx';
import { eventDetail } from '../../src/features/audit/lib/audit-detail.ts';
import { createI18n } from '../../src/i18n/index.ts';
import type { Language } from '../../src/i18n/languages.ts';
import { enAudit } from '../../src/i18n/locales/en-audit.ts';
import { jaAudit } from '../../src/i18n/locales/ja-audit.ts';
import { koAudit } from '../../src/i18n/locales/ko-audit.ts';
import { viAudit } from '../../src/i18n/locales/vi-audit.ts';
import { zhAudit } from '../../src/i18n/locales/zh-audit.ts';
import { clearCookies, signIn } from '../patients/fake-server.ts';

/**
 * The activity log says what changed: a landmark save lists each landmark that moved, from where to
 * where (image px) and by how much (mm on a calibrated film, px otherwise), folded away past three
 * lines; another save names the documents it changed; a collapsed flood of refusals says how many.
 */
const event = (action: string, detail: Record<string, unknown>, id = '1'): AuditEventView => ({
  id,
  at: '2026-03-01T09:00:00.000Z',
  action,
  outcome: action === 'access.refused_more' ? 'denied' : 'success',
  by_me: action !== 'access.refused_more',
  actor_user_id: action === 'access.refused_more' ? 9 : 1,
  target_type: 'analysis_record',
  target_id: '5',
  patient: { id: 3, patient_id: '7', name: '김감사' },
  ip: '203.0.113.7',
  user_agent: null,
  detail,
});

const moved = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: `L${i}`, from: [100 + i, 200], to: [110 + i, 200.5], by: 1 + i / 100 }));

const saved = event('landmarks.update', {
  patientId: 3,
  documents: ['modified_result', 'ruler_info'],
  landmarks: {
    unit: 'mm',
    calibration: 'ruler',
    total: 4,
    moved: [
      { id: 'S', from: [812.5, 1003], to: [822.5, 1003], by: 1.04 },
      { id: 'Pm', from: null, to: [1250.1, 1901], by: null },
      { id: 'Go', from: [700, 1500], to: null, by: null },
    ],
  },
});

const documentName = (d: string) => d;

describe('eventDetail', () => {
  it('lists the moves with points and distance, placed and removed ones, how many more, and the other documents', () => {
    const { lines, moved: total } = eventDetail(saved, 'en', documentName);
    expect(total).toBe(4);
    expect(lines).toEqual([
      { key: 'movedMm', values: { id: 'S', from: '812.5, 1003', to: '822.5, 1003', distance: '1.04' } },
      { key: 'placed', values: { id: 'Pm', to: '1250.1, 1901' } },
      { key: 'removed', values: { id: 'Go', from: '700, 1500' } },
      { key: 'more', values: { n: '1' } },
      { key: 'alsoSaved', values: { list: 'ruler_info' } },
    ]);
  });

  it('says px on an uncalibrated film; names the documents of another save; counts collapsed refusals', () => {
    const px = eventDetail(
      event('landmarks.update', { landmarks: { unit: 'px', calibration: 'none', total: 1, moved: [moved(1)[0]] } }),
      'en',
      documentName,
    );
    expect(px.lines.map((l) => l.key)).toEqual(['movedPx']);
    const other = eventDetail(event('chart.analysis_update', { documents: ['ruler_info', 'vto_sto_config'] }), 'en', documentName);
    expect(other).toEqual({ moved: null, lines: [{ key: 'documents', values: { list: 'ruler_info and vto_sto_config' } }] });
    const flood = eventDetail(
      event('access.refused_more', { count: 480, first: 'a', last: 'b', actions: { 'patient.view': 480 } }),
      'en',
      documentName,
    );
    expect(flood.lines).toEqual([{ key: 'refusedMore', values: { n: '480' } }]);
    expect(eventDetail(event('patient.view', { patientId: 3 }), 'en', documentName).lines).toEqual([]);
    expect(eventDetail(event('landmarks.update', { landmarks: { unit: 'furlong' } }), 'en', documentName).lines).toEqual([]);
  });

  it('has the words in all five languages, with the same placeholders', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const dict of [koAudit, jaAudit, zhAudit, viAudit]) {
      for (const [key, text] of Object.entries(enAudit.detail)) {
        expect(placeholders(dict.detail[key as keyof typeof dict.detail]), key).toEqual(placeholders(text));
      }
      for (const d of AUDIT_RECORD_DOCUMENTS) expect(dict.documents[d]).not.toBe('');
      expect(dict.detail.movedMm).toBeTruthy();
    }
    expect(AUDIT_ACTIONS).toContain('chart.analysis_update');
    expect(koAudit.actions.access.refused_more).not.toBe(enAudit.actions.access.refused_more);
  });
});

describe('the activity log shows the detail', () => {
  afterEach(() => {
    cleanup();
    clearCookies();
    vi.unstubAllGlobals();
  });

  async function show(language: Language, items: AuditEventView[]) {
    signIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const ok = String(input).startsWith('/api/audit/events');
        const body = ok ? { success: true, data: { items, next_cursor: null } } : { success: false, code: 'NOT_FOUND' };
        return new Response(JSON.stringify(body), { status: ok ? 200 : 404, headers: { 'content-type': 'application/json' } });
      }),
    );
    render(
      <I18nextProvider i18n={createI18n(language)}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <ActivityLog />
        </QueryClientProvider>
      </I18nextProvider>,
    );
    return screen.findAllByTestId('audit-row');
  }

  it('in English: the moves of a landmark save, the documents of another save, the refusal count', async () => {
    const rows = await show('en', [
      saved,
      event('chart.analysis_update', { documents: ['ruler_info'] }, '2'),
      event('access.refused_more', { count: 480, first: 'a', last: 'b', actions: {} }, '3'),
    ]);
    const lines = (row: HTMLElement) =>
      within(row)
        .queryAllByTestId('audit-detail-line')
        .map((li) => li.textContent);
    expect(lines(rows[0]!)).toEqual([
      'S: 812.5, 1003 → 822.5, 1003 px (1.04 mm)',
      'Pm: placed at 1250.1, 1901 px',
      'Go: removed (was at 700, 1500 px)',
      'and 1 more',
      'Also saved: calibration ruler',
    ]);
    expect(rows[0]!.querySelector('summary')?.textContent).toBe('4 landmarks moved');
    expect(rows[1]!.textContent).toContain('Analysis data saved');
    expect(lines(rows[1]!)).toEqual(['Saved: calibration ruler']);
    expect(lines(rows[2]!)).toEqual(['480 more refused requests in this minute, not listed one by one']);
  });

  it('in Korean', async () => {
    const rows = await show('ko', [
      event('landmarks.update', { landmarks: { unit: 'px', calibration: 'none', total: 1, moved: moved(1) } }),
    ]);
    expect(within(rows[0]!).getByTestId('audit-detail-line').textContent).toBe('L0: 100, 200 → 110, 200.5 px (1 px, 보정되지 않은 필름)');
    expect(rows[0]!.textContent).toContain('계측점 저장');
  });
});
