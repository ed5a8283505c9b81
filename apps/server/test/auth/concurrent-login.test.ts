import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../src/db/raw-query';
import { activeAccount, createAuthHarness, login, type AuthHarness } from './auth-harness';

/**
 * Two logins of one account at the same instant (two tabs, a double click, two devices): one new
 * login ends every other session (spec J005), so exactly one of the two may survive.
 */
describe('concurrent logins', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await createAuthHarness();
  });
  afterAll(() => h?.closeAll());

  it('leave exactly one valid session, and the other gets J005', async () => {
    const person = await activeAccount(h, 'twin');
    // The first login makes the IP known; the races below start from a signed-in account.
    expect((await login(h, person)).status).toBe(200);

    // Hold each login at the announcement of the sessions it ended until the other got there too:
    // the widest interleaving two requests can have, every time, without timing luck.
    const events = h.services.events;
    const publish = events.publish.bind(events);
    let waiting: Array<() => void> = [];
    events.publish = async (...args: Parameters<typeof publish>) => {
      if (args[1].kind === 'session-ended') {
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          if (waiting.length === 2) {
            for (const release of waiting) release();
            waiting = [];
          }
        });
      }
      return publish(...args);
    };

    for (let round = 0; round < 3; round += 1) {
      const replies = await Promise.all([login(h, person), login(h, person)]);
      for (const r of replies) expect(r.status, r.raw).toBe(200);
      const checks = await Promise.all(
        replies.map((r) => h.post('/api/check', undefined, { token: String(r.body.data?.token), ip: person.ip })),
      );
      expect(
        checks.filter((c) => c.status === 200),
        `round ${round}`,
      ).toHaveLength(1);
      for (const c of checks.filter((c) => c.status !== 200)) expect(c.body.code).toBe('J005');

      const [live] = await queryRows(
        h.services.database.db,
        sql`select count(*)::int as n from sessions s join users u on u.id = s.user_id
            where u.email = ${person.email} and s.revoked_at is null and s.replaced_by is null`,
        z.object({ n: z.coerce.number() }),
      );
      expect(live?.n).toBe(1);
    }
  });
});
