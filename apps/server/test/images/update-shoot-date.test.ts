import { IMAGE_TYPE } from '@ceppro/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartData } from '../../src/db/schema/index';
import { createImageHarness, plainImage, type ImageHarness, type TestChart } from './image-harness';

/**
 * /api/update-shoot-date (docs/spec-points.md §7): a film's date is corrected without uploading it again.
 * Only the owner's charts; a date that is not a calendar day is refused and changes nothing.
 */
let t: ImageHarness;
let owner: string;
let other: string;
let chart: TestChart;
let imageId: number;

const db = () => t.h.services.database.db;
const shootDate = async () => (await db().query.chartData.findFirst({ where: eq(chartData.id, imageId) }))?.shootDate;

beforeAll(async () => {
  t = await createImageHarness();
  owner = await t.signIn('dateowner');
  other = await t.signIn('dateother');
  chart = await t.chart(owner, { name: 'Date Patient' });
  const up = await t.uploadImage(owner, chart.chartId, await plainImage(), { type: IMAGE_TYPE.cephalogram, shootDate: '2024-03-04' });
  imageId = Number(up.body.data?.id);
  await db().update(chartData).set({ pendingExpiresAt: null }).where(eq(chartData.id, imageId));
});
afterAll(async () => {
  await t?.close();
});

describe('/api/update-shoot-date', () => {
  it("answers NOT_FOUND for another user's chart and leaves its date alone", async () => {
    const reply = await t.call(other, '/api/update-shoot-date', {
      chart_id: chart.chartId,
      image_type_cd: ['00700'],
      shoot_date: '2020-01-01',
    });
    expect({ status: reply.status, code: reply.body.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(await shootDate()).toBe('2024-03-04');
  });

  it.each(['2023-02-30', '2023-13-01', '20230101', 'yesterday'])('refuses %s with a 4xx and leaves the date alone', async (bad) => {
    const reply = await t.call(owner, '/api/update-shoot-date', { chart_id: chart.chartId, image_type_cd: ['00700'], shoot_date: bad });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('VALIDATION_FAILED');
    expect(await shootDate()).toBe('2024-03-04');
  });

  it('corrects the date for the owner, and the patient list shows it', async () => {
    const reply = await t.call(owner, '/api/update-shoot-date', {
      chart_id: chart.chartId,
      image_type_cd: ['00700'],
      shoot_date: '2023-11-30',
    });
    expect(reply.body.data).toEqual({ updated: 1 });
    const list = await t.ok<{ patients: { items: Array<{ charts: Array<{ chart_data: Array<{ shoot_date: string | null }> }> }> } }>(
      owner,
      '{ patients { items { charts { chart_data { shoot_date } } } } }',
    );
    expect(list.patients.items[0]?.charts[0]?.chart_data).toEqual([{ shoot_date: '2023-11-30' }]);
  });
});
