import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: the fields after it start past its closing parenthesis.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined; // gone, or not Linux
  }
}

/**
 * CPU seconds (user + system, and those of the children each process has waited for) of `rootPid` and every
 * live process under it, read from /proc; undefined where /proc is missing. A Playwright worker's tree holds
 * its Chromium, its server and the commands a test runs, so the difference across a test is that test's CPU.
 */
export function processTreeCpuSeconds(rootPid: number): number | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const children = new Map<number, number[]>();
  const ticks = new Map<number, number>();
  for (const name of entries) {
    const fields = statFields(Number(name));
    if (!fields) continue;
    // After the name: state (0), ppid (1), ... utime (11), stime (12), cutime (13), cstime (14).
    const ppid = Number(fields[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    ticks.set(Number(name), Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]));
  }
  let total = 0;
  const stack = [rootPid];
  while (stack.length > 0) {
    const pid = stack.pop() as number;
    total += ticks.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total / TICKS_PER_SECOND;
}
