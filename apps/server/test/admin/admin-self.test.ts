import { ADMIN_ENDPOINTS, pathTo } from '@ceppro/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../src/db/raw-query';
import { createOrPromoteAdmin } from '../../src/features/admin/admin-bootstrap';
import { createAuthHarness, login, type AuthHarness } from '../auth/auth-harness';

const PASSWORD = 'Admin#2026x';
const DAY = 86_400_000;

/** An administrator cannot end their own access: expiring (or demoting) oneself is refused, for another admin it works. */
describe('/api/admin on the caller’s own account', () => {
  let h: AuthHarness;
  const admins: Array<{ email: string; uuid: string; token: string; ip: string }> = [];

  beforeAll(async () => {
    h = await createAuthHarness();
    for (const [email, ip] of [
      ['self1@ceppro.test', '192.0.2.31'],
      ['self2@ceppro.test', '192.0.2.32'],
    ] as const) {
      await createOrPromoteAdmin(h.services.database.db, h.services.clock, { email, password: PASSWORD, name: 'Ops' });
      const reply = await login(h, { email, name: 'Ops', mobile: '', ip }, { password: PASSWORD });
      expect(reply.status, reply.raw).toBe(200);
      const uuid = String((reply.body.data?.user as { uuid: string }).uuid);
      admins.push({ email, uuid, token: String(reply.body.data?.token), ip });
    }
  });
  afterAll(() => h?.closeAll());

  const expiresAt = async (email: string) => {
    const [row] = await queryRows(
      h.services.database.db,
      sql`select expires_at from users where email = ${email}`,
      z.object({ expires_at: z.unknown() }),
    );
    return row?.expires_at;
  };

  it('answers 403 ADMIN_SELF_CHANGE to an admin setting their own expiry, changes nothing and records the refusal', async () => {
    const [me] = admins;
    for (const offset of [-DAY, 30 * DAY]) {
      const expires_at = new Date(h.services.clock.now() + offset).toISOString();
      const refused = await h.postJson(
        pathTo(ADMIN_ENDPOINTS.setExpiry, { uuid: me!.uuid }),
        { expires_at },
        { token: me!.token, ip: me!.ip },
      );
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ success: false, code: 'ADMIN_SELF_CHANGE' });
    }
    expect(await expiresAt(me!.email)).toBeNull();
    const trail = await queryRows(
      h.services.database.db,
      sql`select outcome, detail from audit_events where action = 'admin.set_expiry' and target_id = ${me!.uuid} order by id`,
      z.object({ outcome: z.string(), detail: z.unknown() }),
    );
    expect(trail).toEqual([
      { outcome: 'failed', detail: { code: 'ADMIN_SELF_CHANGE' } },
      { outcome: 'failed', detail: { code: 'ADMIN_SELF_CHANGE' } },
    ]);
    // Still an administrator with a working session.
    const list = await h.app.inject({
      method: 'GET',
      url: ADMIN_ENDPOINTS.list.path,
      headers: { authorization: `Bearer ${me!.token}`, 'x-forwarded-for': me!.ip },
    });
    expect(list.statusCode).toBe(200);
  });

  it("lets another admin set an admin's expiry", async () => {
    const [me, other] = admins;
    const expires_at = new Date(h.services.clock.now() + 30 * DAY).toISOString();
    const done = await h.postJson(
      pathTo(ADMIN_ENDPOINTS.setExpiry, { uuid: me!.uuid }),
      { expires_at },
      { token: other!.token, ip: other!.ip },
    );
    expect(done.status, done.raw).toBe(200);
    expect(done.body.data).toMatchObject({ expires_at });
  });
});
