import { MODEL_CARD_ENDPOINT, errorEnvelopeSchema, modelCardSchema, successEnvelopeSchema } from '@ceppro/contract';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardPathForManifest } from '../../src/features/model-card/model-card.service';
import { activeAccount, createAuthHarness, login, type AuthHarness } from '../auth/auth-harness';

const FIXTURE = path.join(import.meta.dirname, '../fixtures/model-card.json');

describe('GET /api/model/card', () => {
  let h: AuthHarness;
  let dir: string;
  let cardPath: string;
  let token: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ceppro-card-'));
    cardPath = path.join(dir, 'ceph-landmarks-test.card.json');
    h = await createAuthHarness({ MODEL_CARD_PATH: cardPath });
    const person = await activeAccount(h, 'card');
    const reply = await login(h, person);
    expect(reply.status, reply.raw).toBe(200);
    token = String(reply.body.data?.token);
  });
  afterAll(async () => {
    await h?.closeAll();
    await rm(dir, { recursive: true, force: true });
  });

  const getCard = async (withToken = true) => {
    const response = await h.app.inject({
      method: 'GET',
      url: MODEL_CARD_ENDPOINT.path,
      headers: withToken ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: response.statusCode, body: response.json<unknown>() };
  };

  const unavailable = { success: false, code: 'MODEL_CARD_UNAVAILABLE', message: 'The model card is not available.' };

  it('requires sign-in like every /api route', async () => {
    const reply = await getCard(false);
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ success: false, code: 'J001' });
  });

  it('answers 404 MODEL_CARD_UNAVAILABLE, not a 500, while the card file is missing', async () => {
    const reply = await getCard();
    expect(reply.status).toBe(404);
    expect(errorEnvelopeSchema.parse(reply.body)).toEqual(unavailable);
  });

  it.each([
    ['not JSON', '{"version": 1,'],
    ['outside the contract', JSON.stringify({ version: 1, model: { id: 'x' } })],
  ])('answers 404 MODEL_CARD_UNAVAILABLE for a card that is %s, without saying where it lives', async (_, text) => {
    await writeFile(cardPath, text);
    const reply = await getCard();
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual(unavailable);
    expect(JSON.stringify(reply.body)).not.toContain(dir);
  });

  it('serves the card as written once the file is there, and keeps it after reading it once', async () => {
    await copyFile(FIXTURE, cardPath);
    const reply = await getCard();
    expect(reply.status).toBe(200);
    const card = successEnvelopeSchema(modelCardSchema).parse(reply.body).data;
    expect(card).toEqual(JSON.parse(await readFile(FIXTURE, 'utf8')));
    expect(card.model).toMatchObject({ id: 'ceph-landmarks-v2', version: '2.0.0' });
    const hamedan = card.evaluations.find((e) => e.dataset === 'hamedan');
    expect(hamedan?.spacing).toMatchObject({ mm: 0.122, estimate: true });
    expect(hamedan?.per_landmark).toHaveLength(19);

    await rm(cardPath);
    expect((await getCard()).status).toBe(200);
  });
});

describe('cardPathForManifest', () => {
  it.each([
    ['/srv/models/ceph-landmarks-v2.json', '/srv/models/ceph-landmarks-v2.card.json'],
    ['models/ceph-landmarks-v1.json', 'models/ceph-landmarks-v1.card.json'],
    ['models/no-extension', 'models/no-extension.card.json'],
  ])('%s -> %s', (manifest, card) => {
    expect(cardPathForManifest(manifest)).toBe(card);
  });
});
