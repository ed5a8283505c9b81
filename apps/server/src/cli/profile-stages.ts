/**
 * npx tsx apps/server/src/cli/profile-stages.ts <file.cpuprofile> [--top 20] [--requests <requests served>]
 *
 * Where a server's CPU went, by request stage, from a V8 CPU profile (`BENCH_CPU_PROF=<dir> npm run
 * bench:api` writes one). Each sample goes to the stage of the innermost frame that names one (a
 * socket write under node-postgres is SQL, under the HTTP response it is HTTP); samples under module
 * loading are start-up. Prints per stage the share of all samples and of the busy ones.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';

const profileSchema = z.object({
  nodes: z.array(
    z.object({
      id: z.number(),
      callFrame: z.object({ functionName: z.string(), url: z.string() }),
      children: z.array(z.number()).optional(),
    }),
  ),
  samples: z.array(z.number()),
  timeDeltas: z.array(z.number()),
});

type Frame = { functionName: string; url: string };

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
      if (node) chain.push(node.callFrame);
    }
    const leaf = chain[0]?.functionName ?? '';
    let stage: string | null = ['(idle)', '(garbage collector)', '(program)'].includes(leaf) ? leaf : null;
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
  const rows = [...stages.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top ?? 30));
  for (const [stage, t] of rows) {
    const ofBusy = stage === '(idle)' || stage === 'start-up' ? '' : `${((t / busy) * 100).toFixed(1).padStart(5)}% of busy`;
    console.log(`${((t / total) * 100).toFixed(1).padStart(5)}%  ${ofBusy.padEnd(14)} ${stage}`);
  }
}

main();
