import { NOTICES_ENDPOINT, errorEnvelopeSchema, successEnvelopeSchema } from '@ceppro/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNoticeRepository } from '../../src/features/notices/notice.repository';
import { createNoticeService, type NoticeService } from '../../src/features/notices/notice.service';
import { ManualClock } from '../support/manual-clock';
import { createTestApp, type TestApp } from '../support/test-app';

const HOUR = 3600_000;
const T0 = Date.parse('2026-12-01T00:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** The operator's notices through the service the CLI uses, read back through `POST /public/notices`. */
describe('/public/notices', () => {
  let t: TestApp;
  let notices: NoticeService;
  const clock = new ManualClock(T0);

  beforeAll(async () => {
    t = await createTestApp({ clock });
    notices = createNoticeService({ repository: createNoticeRepository(t.services.database.db), clock });
  });
  afterAll(() => t?.close());

  async function read(form?: Record<string, string>) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/public/notices',
      ...(form && { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(form).toString() }),
    });
    return { status: response.statusCode, json: JSON.parse(response.body) as unknown };
  }
  async function current(lang?: string) {
    const reply = await read(lang === undefined ? undefined : { lang });
    expect(reply.status).toBe(200);
    return successEnvelopeSchema(NOTICES_ENDPOINT.response).parse(reply.json).data.notices;
  }

  it('serves only what is in force now: from starts_at, until (not including) ends_at', async () => {
    expect(await current()).toEqual([]);
    const past = await notices.add({
      kind: 'notice',
      title: { en: 'Past' },
      body: { en: 'over' },
      starts_at: iso(T0 - 48 * HOUR),
      ends_at: iso(T0 - 24 * HOUR),
    });
    const live = await notices.add({
      kind: 'event',
      title: { en: 'Winter event' },
      body: { en: 'Two months free' },
      starts_at: iso(T0 - HOUR),
      ends_at: iso(T0 + 2 * HOUR),
    });
    const future = await notices.add({
      kind: 'notice',
      title: { en: 'Maintenance' },
      body: { en: 'Sunday night' },
      starts_at: iso(T0 + HOUR),
      ends_at: iso(T0 + 3 * HOUR),
    });

    expect((await current()).map((n) => n.id)).toEqual([live.id]);
    expect(await current()).toEqual([
      {
        id: live.id,
        kind: 'event',
        lang: 'en',
        title: 'Winter event',
        body: 'Two months free',
        starts_at: iso(T0 - HOUR),
        ends_at: iso(T0 + 2 * HOUR),
      },
    ]);

    clock.advance(HOUR); // the maintenance notice starts: newest start first
    expect((await current()).map((n) => n.id)).toEqual([future.id, live.id]);
    clock.advance(HOUR); // the event's ends_at is exclusive
    expect((await current()).map((n) => n.id)).toEqual([future.id]);
    expect((await notices.list()).map((n) => n.id)).toContain(past.id);

    await notices.remove(future.id);
    await notices.remove(live.id);
    await notices.remove(past.id);
    expect(await current()).toEqual([]);
  });

  it("answers in the reader's language, else English, else the language the operator wrote", async () => {
    const window = { starts_at: iso(clock.now() - HOUR), ends_at: iso(clock.now() + HOUR) };
    const both = await notices.add({
      kind: 'event',
      title: { en: 'New analysis', ko: '새 분석' },
      body: { en: 'Try it', ko: '사용해 보세요' },
      ...window,
    });
    const koOnly = await notices.add({ kind: 'notice', title: { ko: '점검 안내' }, body: { ko: '일요일 밤' }, ...window });

    const ko = await current('ko');
    expect(ko.find((n) => n.id === both.id)).toMatchObject({ lang: 'ko', title: '새 분석', body: '사용해 보세요' });
    const ja = await current('ja');
    expect(ja.find((n) => n.id === both.id)).toMatchObject({ lang: 'en', title: 'New analysis', body: 'Try it' });
    expect(ja.find((n) => n.id === koOnly.id)).toMatchObject({ lang: 'ko', title: '점검 안내' });
    // No language given: English.
    expect((await current()).find((n) => n.id === both.id)).toMatchObject({ lang: 'en' });
    await notices.remove(both.id);
    await notices.remove(koOnly.id);
  });

  it('refuses an unknown language with VALIDATION_FAILED on the field', async () => {
    const reply = await read({ lang: 'fr' });
    expect(reply.status).toBe(400);
    expect(errorEnvelopeSchema.parse(reply.json)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'lang' });
  });

  it('refuses bad operator input and stores nothing', async () => {
    const window = { starts_at: iso(T0), ends_at: iso(T0 + HOUR) };
    const bad: Array<[unknown, string]> = [
      [{ kind: 'banner', title: { en: 'x' }, body: { en: 'y' }, ...window }, 'kind'],
      [{ kind: 'notice', title: {}, body: { en: 'y' }, ...window }, 'title'],
      [{ kind: 'notice', title: { en: '   ' }, body: { en: 'y' }, ...window }, 'title.en'],
      [{ kind: 'notice', title: { fr: 'Bonjour' }, body: { en: 'y' }, ...window }, 'title'],
      [{ kind: 'notice', title: { en: 'x' }, body: { en: 'y' }, starts_at: iso(T0), ends_at: iso(T0) }, 'ends_at'],
      [{ kind: 'notice', title: { en: 'x' }, body: { en: 'y' }, starts_at: 'next monday', ends_at: iso(T0) }, 'starts_at'],
      [{ kind: 'notice', title: { en: 'x'.repeat(201) }, body: { en: 'y' }, ...window }, 'title.en'],
    ];
    const before = (await notices.list()).length;
    for (const [input, field] of bad) {
      await expect(notices.add(input), JSON.stringify(input).slice(0, 80)).rejects.toMatchObject({ code: 'VALIDATION_FAILED', field });
    }
    expect((await notices.list()).length).toBe(before);
    await expect(notices.remove('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(notices.remove('abc')).rejects.toMatchObject({ code: 'VALIDATION_FAILED', field: 'id' });
  });
});
