import { describe, expect, it } from 'vitest';
import { RequestTurns } from '../../src/http/request-turns';

/** A deferral the test runs by hand: one call of `step` is one event-loop turn. */
function manualTurns() {
  const pending: Array<() => void> = [];
  const turns = new RequestTurns((next) => pending.push(next));
  return {
    turns,
    async step(): Promise<void> {
      pending.shift()?.();
      // Let the started requests' continuations run, as Node does after each callback.
      await Promise.resolve();
      await Promise.resolve();
    },
    get deferred() {
      return pending.length;
    },
  };
}

describe('request turns', () => {
  it('starts one request per turn, users in rotation: a user with one request goes before a flood\u2019s tail', async () => {
    const m = manualTurns();
    const started: string[] = [];
    const wait = (user: number, label: string) => void m.turns.wait(user).then(() => started.push(label));
    for (let i = 1; i <= 4; i++) wait(1, `a${i}`);
    wait(2, 'b1');
    wait(3, 'c1');
    expect(m.deferred).toBe(1);
    for (let turn = 0; turn < 6; turn++) await m.step();
    expect(started).toEqual(['a1', 'b1', 'c1', 'a2', 'a3', 'a4']);
    expect([m.turns.size, m.deferred]).toEqual([0, 0]);
  });

  it('lets the event loop read other sockets between turns (each start is a setImmediate of its own)', async () => {
    const turns = new RequestTurns();
    const log: string[] = [];
    const done = Promise.all([1, 2, 3].map((i) => turns.wait(1).then(() => log.push(`start ${i}`))));
    // An I/O callback ready meanwhile: it runs before the second start.
    setImmediate(() => log.push('other callback'));
    await done;
    expect(log).toEqual(['start 1', 'other callback', 'start 2', 'start 3']);
  });
});
