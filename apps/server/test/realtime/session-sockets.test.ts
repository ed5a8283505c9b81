import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeAccount, createAuthHarness, login, type AuthHarness } from '../auth/auth-harness';
import { connectAs, listen, type TestSocket } from '../images/ws-client';
import { ManualClock } from '../support/manual-clock';

/**
 * A socket lives as long as the session it authenticated with: logout, a newer login (J005), the
 * access token's expiry (J002) and the account's expiry (K024) close it with 4401 and the code as
 * the reason, and nothing published afterwards reaches it. Time moves only through the clock.
 */
const ACCESS_TTL_S = 900;
let h: AuthHarness;
let clock: ManualClock;
let port: number;

beforeAll(async () => {
  clock = new ManualClock();
  h = await createAuthHarness({ ACCESS_TOKEN_TTL_S: String(ACCESS_TTL_S) }, { clock });
  port = await listen(h.app);
});
afterAll(() => h?.closeAll());

async function signedIn(prefix: string) {
  const person = await activeAccount(h, prefix);
  const reply = await login(h, person);
  expect(reply.status, reply.raw).toBe(200);
  const userId = Number((reply.body.data?.user as { id: number }).id);
  return { person, userId, token: String(reply.body.data?.token) };
}

/** The close the server sent, or a failure if the socket is still open after `ms` (no sleeping on success). */
function closeOf(socket: TestSocket, ms = 5_000): Promise<{ code: number; reason: string }> {
  return Promise.race([
    socket.closed,
    new Promise<never>((_resolve, reject) =>
      setTimeout(() => reject(new Error(`socket still open; frames ${JSON.stringify(socket.frames)}`)), ms).unref(),
    ),
  ]);
}

/** Publishes one event to the user and checks which of the sockets got it. */
async function publishAndCheck(userId: number, reached: TestSocket[], missed: TestSocket[]) {
  const text = `after-${Math.random()}`;
  const before = missed.map((s) => s.frames.length);
  await h.services.events.publish(userId, { kind: 'text', text });
  for (const socket of reached) await socket.waitFor((f) => f === text, 5_000);
  missed.forEach((socket, i) => expect(socket.frames.length).toBe(before[i]));
}

describe('sockets end with their session', () => {
  it('closes the socket of a session that logs out, and delivers nothing to it afterwards', async () => {
    const { userId, token, person } = await signedIn('wsout');
    const socket = await connectAs(port, token);
    expect((await h.post('/api/logout', undefined, { token, ip: person.ip })).status).toBe(200);
    expect(await closeOf(socket)).toEqual({ code: 4401, reason: 'J001' });
    expect(h.services.events.listenerCount(userId)).toBe(0);
    await publishAndCheck(userId, [], [socket]);
  });

  it('closes the sockets of a session displaced by a newer login (J005); the new session keeps its own', async () => {
    const first = await signedIn('wsdup');
    const old = await connectAs(port, first.token);
    const again = await login(h, first.person);
    expect(again.status, again.raw).toBe(200);
    expect(await closeOf(old)).toEqual({ code: 4401, reason: 'J005' });
    const fresh = await connectAs(port, String(again.body.data?.token));
    await publishAndCheck(first.userId, [fresh], [old]);
    expect(old.frames.filter((f) => f.includes('"error"'))).toEqual([expect.stringContaining('"J005"')]);
    await fresh.close();
  });

  it('closes the socket when its access token expires (J002)', async () => {
    const { userId, token } = await signedIn('wsexp');
    const socket = await connectAs(port, token);
    clock.advance(ACCESS_TTL_S * 1000 - 1_000);
    await publishAndCheck(userId, [socket], []);
    clock.advance(1_000);
    expect(await closeOf(socket)).toEqual({ code: 4401, reason: 'J002' });
    await publishAndCheck(userId, [], [socket]);
  });

  it('closes at the token expiry even when a periodic check is still in flight at that instant', async () => {
    const { userId, token } = await signedIn('wsrace');
    const socket = await connectAs(port, token);
    // Both moves run before any database answer: the check started at 60 s has not come back when
    // the expiry passes, and must not carry the socket past it.
    clock.advance(ACCESS_TTL_S * 1000 - 1_000);
    clock.advance(1_000);
    expect(await closeOf(socket)).toEqual({ code: 4401, reason: 'J002' });
    await publishAndCheck(userId, [], [socket]);
  });

  it('closes the socket when the account reaches its expiry date (K024)', async () => {
    const { userId, token } = await signedIn('wsk24');
    await h.services.database.db.execute(
      sql`update users set expires_at = ${new Date(clock.now() + 30_000).toISOString()} where id = ${userId}`,
    );
    const socket = await connectAs(port, token);
    clock.advance(29_000);
    await publishAndCheck(userId, [socket], []);
    clock.advance(1_000);
    expect(await closeOf(socket)).toEqual({ code: 4401, reason: 'K024' });
    await publishAndCheck(userId, [], [socket]);
  });

  it('closes the socket of an account expired in the database while connected (K024, the periodic check)', async () => {
    // No event tells the server; the check every 60 s finds it.
    const other = await signedIn('wsk24b');
    const open = await connectAs(port, other.token);
    await h.services.database.db.execute(
      sql`update users set expires_at = ${new Date(clock.now() - 1_000).toISOString()} where id = ${other.userId}`,
    );
    clock.advance(60_000);
    expect(await closeOf(open)).toEqual({ code: 4401, reason: 'K024' });
  });
});
