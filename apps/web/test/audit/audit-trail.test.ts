import { AUDIT_ACTIONS, AUDIT_KINDS, type AuditEventView } from '@ceppro/contract';
import { describe, expect, it } from 'vitest';
import { auditQuery, emptyFilters } from '../../src/features/audit/api/use-audit-trail.ts';
import { actionKey, patientText } from '../../src/features/audit/lib/audit-words.ts';
import { enAudit } from '../../src/i18n/locales/en-audit.ts';
import { jaAudit } from '../../src/i18n/locales/ja-audit.ts';
import { koAudit } from '../../src/i18n/locales/ko-audit.ts';
import { viAudit } from '../../src/i18n/locales/vi-audit.ts';
import { zhAudit } from '../../src/i18n/locales/zh-audit.ts';

const lookup = (dict: object, path: string): unknown =>
  path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dict);

describe('activity log', () => {
  it('names every recorded action and kind in all five languages, each in its own words', () => {
    for (const dict of [enAudit, koAudit, jaAudit, zhAudit, viAudit]) {
      for (const action of AUDIT_ACTIONS) expect(typeof lookup(dict.actions, action), action).toBe('string');
      for (const kind of AUDIT_KINDS) expect(typeof dict.kinds[kind]).toBe('string');
    }
    for (const dict of [koAudit, jaAudit, zhAudit, viAudit]) {
      expect(dict.actions.chart.view).not.toBe(enAudit.actions.chart.view);
      expect(dict.title).not.toBe(enAudit.title);
    }
  });

  it('turns the filters into the query: local days as instants, the end day inclusive', () => {
    expect(auditQuery(emptyFilters, null)).toEqual({});
    const query = auditQuery({ from: '2026-03-01', to: '2026-03-01', action: 'export', outcome: 'denied', patientId: '12' }, '171.5', 25);
    expect(new Date(query.from ?? '').getTime()).toBe(new Date('2026-03-01T00:00:00').getTime());
    expect(new Date(query.to ?? '').getTime()).toBe(new Date('2026-03-02T00:00:00').getTime());
    expect({ ...query, from: undefined, to: undefined }).toEqual({
      action: 'export',
      outcome: 'denied',
      patient_id: 12,
      cursor: '171.5',
      limit: 25,
    });
    expect(auditQuery({ ...emptyFilters, patientId: 'abc' }, null)).toEqual({});
  });

  it('keys known actions into the dictionary and shows the own patient with number and name', () => {
    expect(actionKey('export.csv')).toBe('audit.actions.export.csv');
    expect(actionKey('something.else')).toBeNull();
    const event = { patient: { id: 3, patient_id: '7', name: '김감사' } } as AuditEventView;
    expect(patientText(event)).toBe('#7 김감사');
    expect(patientText({ ...event, patient: null })).toBe('');
  });
});
