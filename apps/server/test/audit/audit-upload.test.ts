import { IMAGE_TYPE } from '@ceppro/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../src/db/schema/index';
import { createImageHarness, plainImage, type ImageHarness } from '../images/image-harness';

/**
 * An upload's trail row names the patient and chart it went to. The checked upload's own row is
 * deleted by the request it is recorded for, so the audit hook looks the target up before the
 * handler runs (audit-http.ts, `resolveBefore`): looked up afterwards, it named no patient.
 */
describe('audit trail of an upload', () => {
  let t: ImageHarness;

  beforeAll(async () => {
    t = await createImageHarness();
  });

  afterAll(async () => {
    await t.close();
  });

  it('records image.upload with the patient and chart, owned by the uploader', async () => {
    const token = await t.signIn('auditup');
    const chart = await t.chart(token);
    const reply = await t.uploadImage(token, chart.chartId, await plainImage(400, 500, 'png'), {
      type: IMAGE_TYPE.lateralFace,
      contentType: 'image/png',
    });
    expect(reply.status, reply.raw).toBe(200);
    const rows = await t.h.services.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'image.upload'), eq(auditEvents.outcome, 'success')));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.targetType).toBe('upload');
    expect(row?.ownerUserId).toBe(row?.actorUserId);
    expect(row?.detail).toMatchObject({ patientId: chart.patientRef, chartId: chart.chartId });
  });
});
