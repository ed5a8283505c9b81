/**
 * npx tsx tools/src/profile-stages.ts <file.cpuprofile> [--top 20] [--requests <requests served>]
 *
 * Where a server's CPU went, by request stage, from a V8 CPU profile (`BENCH_CPU_PROF=<dir> npm run
 * bench:api` writes one). Each sample goes to the stage of the innermost frame that names one (a
 * parse under node-postgres is SQL, under the HTTP request it is HTTP); socket writes are a stage of
 * their own (see below); samples under module loading are start-up. Frames of the compiled bundle
 * are mapped to their sources through its source map. Prints per stage the share of all samples and
 * of the busy ones.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';

const profileSchema = z.object({
  nodes: z.array(
    z.object({
      id: z.number(),
      callFrame: z.object({ functionName: z.string(), url: z.string(), lineNumber: z.number(), columnNumber: z.number() }),
      children: z.array(z.number()).optional(),
    }),
  ),
  samples: z.array(z.number()),
  timeDeltas: z.array(z.number()),
});

type Frame = { functionName: string; url: string; lineNumber: number; columnNumber: number };

/**
 * The compiled server (apps/server/build.mjs) is one bundle for the app's own code: a frame in it is
 * mapped back to its source file through the bundle's source map, so its stage (auth, resolvers)
 * can be told. Frames of packages (left external by the build) keep their own paths.
 */
const sourceMaps = new Map<string, SourceMap | null>();
function sourceFrame(f: Frame): Frame {
  if (!f.url.endsWith('.js') || f.url.includes('/node_modules/')) return f;
  let map = sourceMaps.get(f.url);
  if (map === undefined) {
    const path = f.url.startsWith('file:') ? fileURLToPath(f.url) : f.url;
    map = existsSync(`${path}.map`) ? new SourceMap(JSON.parse(readFileSync(`${path}.map`, 'utf8')) as never) : null;
    sourceMaps.set(f.url, map);
  }
  const entry = map?.findEntry(f.lineNumber, f.columnNumber);
  return entry && 'originalSource' in entry ? { ...f, url: entry.originalSource } : f;
}

/** The stage a frame belongs to, or null when it says nothing (native code, timers, promises). */
function stageOf(f: Frame): string | null {
  const u = f.url;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(u)?.[1];
  if (pkg) {
    if (pkg === 'pg' || pkg === 'pg-protocol' || pkg === 'pg-pool' || pkg === '@electric-sql/pglite') return 'SQL: driver and its socket';
    if (pkg === 'drizzle-orm') return 'SQL: drizzle (build query, map rows)';
    if (pkg.startsWith('@escape.tech/')) return 'GraphQL: armor limits';
    if (pkg === 'graphql') return null; // decided by the caller (parse, validate or execute)
    if (pkg === '@graphql-tools/executor') return 'GraphQL: execute';
    const yoga = pkg === 'graphql-yoga' || pkg.startsWith('@whatwg-node/') || pkg.startsWith('@envelop/');
    if (yoga && /stringify/i.test(f.functionName)) return 'GraphQL: serialise the result (JSON)';
    if (yoga) return 'GraphQL: yoga/envelop request handling';
    if (pkg === '@fastify/compress') return 'HTTP: compression';
    if (pkg === 'zod') return null;
    if (pkg === 'tsx') return 'start-up';
    return 'HTTP: fastify, helmet and other plugins';
  }
  if (u.startsWith('node:internal/modules') || u.includes('cjs-module-lexer')) return 'start-up';
  if (u === 'node:zlib') return 'HTTP: compression';
  if (u.startsWith('node:_http')) return 'HTTP: node http and socket';
  if (u.includes('/features/auth/')) return 'auth: token and session check';
  if (u.includes('/features/patients/') || u.includes('/features/graphql/')) return 'GraphQL: resolvers, service, mapping';
  if (u.includes('/apps/server/src/')) return 'app: other';
  return null;
}

function graphqlStage(chain: Frame[]): string {
  for (const f of chain) {
    const inGraphql = f.url.includes('/graphql/');
    if (inGraphql && /^(parse|parseDocument|validate|visitInParallel|getVariableValues)$/.test(f.functionName)) {
      return 'GraphQL: parse and validate';
    }
  }
  return 'GraphQL: execute';
}

function main(): void {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string' }, requests: { type: 'string' } } });
  const file = positionals[0];
  if (!file) throw new Error('usage: profile-stages.ts <file.cpuprofile>');
  const profile = profileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stages = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    total += dt;
    const chain: Frame[] = [];
    for (let x: number | undefined = id; x !== undefined; x = parent.get(x)) {
      const node = byId.get(x);
      if (node) chain.push(sourceFrame(node.callFrame));
    }
    const leaf = chain[0]?.functionName ?? '';
    let stage: string | null = ['(idle)', '(garbage collector)', '(program)'].includes(leaf) ? leaf : null;
    // A socket write wakes the process reading the other end (a PostgreSQL backend, the client), which
    // may take the core from this thread; the sampler charges that time to the write. /proc shows how
    // little of it is this process's own system time (docs/performance.md).
    if (!stage && leaf === 'writev') stage = 'socket writes (writev), incl. time off the core';
    if (!stage && chain.some((f) => stageOf(f) === 'start-up')) stage = 'start-up';
    for (const f of chain) {
      if (stage) break;
      stage = stageOf(f) ?? (f.url.includes('/node_modules/graphql/') ? graphqlStage(chain) : null);
    }
    // The session check's own round trip, apart from the list's SQL.
    if (stage?.startsWith('SQL') && chain.some((f) => f.url.includes('/features/auth/'))) stage = 'auth: session check SQL';
    const key = stage ?? 'other (timers, promises, native)';
    stages.set(key, (stages.get(key) ?? 0) + dt);
  });
  const busy = total - (stages.get('(idle)') ?? 0) - (stages.get('start-up') ?? 0);
  const perRequestMs = (busy / 1e3 / Number(values.requests)).toFixed(2);
  const perRequest = values.requests ? `, ${perRequestMs} ms per request over ${values.requests}` : '';
  console.log(`${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy after start-up${perRequest}`);
  const writes = [...stages.entries()].find(([k]) => k.startsWith('socket writes'))?.[1] ?? 0;
  if (values.requests && writes > 0) {
    const withoutMs = ((busy - writes) / 1e3 / Number(values.requests)).toFixed(2);
    console.log(`without the socket writes (time off the core, mostly): ${withoutMs} ms per request`);
  }
  const rows = [...stages.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top ?? 30));
  for (const [stage, t] of rows) {
    const ofBusy = stage === '(idle)' || stage === 'start-up' ? '' : `${((t / busy) * 100).toFixed(1).padStart(5)}% of busy`;
    console.log(`${((t / total) * 100).toFixed(1).padStart(5)}%  ${ofBusy.padEnd(14)} ${stage}`);
  }
}

main();
