import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { Writable } from 'node:stream';
import type { AuditRepository } from '../../src/features/audit/audit.repository';
import type { AuditTargetRepository } from '../../src/features/audit/audit-targets.repository';
import { createAuditService } from '../../src/features/audit/audit.service';
import { ManualClock } from '../support/manual-clock';

describe('audit.record', () => {
  it('never throws when the insert fails, and logs the failure at error level without the detail', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk: Buffer, _e, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const repository = {
      insert: () => Promise.reject(new Error('database is gone')),
      trail: () => Promise.resolve([]),
    } as unknown as AuditRepository;
    const targets = { resolve: () => Promise.resolve(null) } as unknown as AuditTargetRepository;
    const audit = createAuditService({ repository, targets, clock: new ManualClock(0), log: pino(sink) });
    await expect(
      audit.record({
        actorUserId: 1,
        ownerUserId: 1,
        action: 'patient.view',
        targetType: 'patient',
        targetId: '9',
        ip: '::1',
        outcome: 'success',
        detail: { secret: 'x' },
      }),
    ).resolves.toBeUndefined();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 50,
      msg: 'audit event could not be recorded',
      audit: { action: 'patient.view', targetId: '9' },
    });
    expect(JSON.stringify(lines[0])).not.toContain('secret');
  });

  it('keeps the first 200 characters of a user agent and stamps the time from the clock', async () => {
    const inserted: Array<{ at: Date; userAgent: string | null }> = [];
    const repository = {
      insert: (v: { at: Date; userAgent: string | null }) => {
        inserted.push(v);
        return Promise.resolve();
      },
    } as unknown as AuditRepository;
    const targets = { resolve: () => Promise.resolve(null) } as unknown as AuditTargetRepository;
    const audit = createAuditService({ repository, targets, clock: new ManualClock(1_700_000_000_000), log: pino({ level: 'silent' }) });
    await audit.record({
      actorUserId: 1,
      ownerUserId: 1,
      action: 'auth.sign_in',
      targetType: 'account',
      targetId: '1',
      ip: null,
      userAgent: 'x'.repeat(500),
      outcome: 'success',
    });
    expect(inserted[0]?.userAgent).toHaveLength(200);
    expect(inserted[0]?.at.toISOString()).toBe('2023-11-14T22:13:20.000Z');
  });
});
