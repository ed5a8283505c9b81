import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time by process around a bench phase, from /proc (Linux; elsewhere every figure is NaN): the
 * server's processes, the PostgreSQL backends connected to the bench's database (their command line
 * names it), and the bench client itself. Divided by the requests served, these figures compare
 * across machine loads, unlike latencies and requests per second (docs/performance.md).
 */
export interface CpuSample {
  server: number;
  postgres: number;
  client: number;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux (getconf CLK_TCK)

/** utime + stime of one process in milliseconds, or 0 when it is gone. */
function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), from field 3: utime is 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** PostgreSQL backends serving `database`. */
function backendPids(database: string): number[] {
  const pids: number[] = [];
  for (const entry of safeReaddir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      // Debian names the cluster first: "postgres: 15/main: ceppro ceppro_bench 127.0.0.1(5000) idle".
      if (/^postgres: (?:\S+: )?\S+ (\S+) /.exec(cmdline)?.[1] === database) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** A process and its children (a server that forks workers). */
function withChildren(pid: number): number[] {
  const pids = [pid];
  for (const entry of safeReaddir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** Takes a reading now; `database` is the bench's PostgreSQL database (undefined on PGlite). */
export function sampleCpu(serverPid: number | undefined, database: string | undefined): CpuSample & { backends: Map<number, number> } {
  const backends = new Map<number, number>();
  for (const pid of database ? backendPids(database) : []) backends.set(pid, processCpuMs(pid));
  const usage = process.cpuUsage();
  return {
    server: serverPid === undefined ? Number.NaN : withChildren(serverPid).reduce((sum, pid) => sum + processCpuMs(pid), 0),
    postgres: [...backends.values()].reduce((a, b) => a + b, 0),
    client: (usage.user + usage.system) / 1000,
    backends,
  };
}

/** CPU milliseconds per request of each process group between two readings. */
export function cpuPerRequest(before: ReturnType<typeof sampleCpu>, after: ReturnType<typeof sampleCpu>, requests: number): CpuSample {
  // A backend that started during the phase counts from zero; one that ended is lost (rare: the pool keeps them).
  let postgres = 0;
  for (const [pid, ms] of after.backends) postgres += ms - (before.backends.get(pid) ?? 0);
  const per = (v: number): number => (requests > 0 ? v / requests : Number.NaN);
  return { server: per(after.server - before.server), postgres: per(postgres), client: per(after.client - before.client) };
}

export function formatCpu(cpu: CpuSample): string {
  const f = (v: number): string => v.toFixed(2);
  return `cpu_ms_per_list_server=${f(cpu.server)} cpu_ms_per_list_postgres=${f(cpu.postgres)} cpu_ms_per_list_client=${f(cpu.client)}`;
}
