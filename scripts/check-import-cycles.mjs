#!/usr/bin/env node
// No import cycles between server folders (docs/ARCHITECTURE.md §6): each feature folder, each shared
// folder (http, db, config, ...) and the app wiring (app.ts, services.ts, main.ts) is one node; a relative
// import from one node into another is an edge. Type-only imports (`import type`) are left out: they
// vanish at build time. ESLint's boundaries rules say which edges may exist; this says they form no loop.
// eslint-plugin-import's no-cycle does this per file and is too slow for every lint run.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'server', 'src');
const IMPORT = /^\s*(?:import|export)\s+(?!type\s)[^'";]*?from\s*['"](\.[^'"]+)['"]|import\s*\(\s*['"](\.[^'"]+)['"]\s*\)/gm;

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(ts|mts)$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The folder a file belongs to: `features/<name>`, a top-level folder, or `app` for the top-level files. */
function nodeOf(file) {
  const parts = relative(root, file).split('/');
  if (parts[0] === 'features') return `features/${parts[1]}`;
  if (parts.length === 1) return ['app.ts', 'services.ts', 'main.ts'].includes(parts[0]) ? 'app' : parts[0].replace(/\.ts$/, '');
  return parts[0];
}

const edges = new Map();
for (const file of sources(root)) {
  const from = nodeOf(file);
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const to = nodeOf(resolve(dirname(file), match[1] ?? match[2]));
    if (to === from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    if (!edges.get(from).has(to)) edges.get(from).set(to, relative(root, file));
  }
}

// Tarjan's strongly connected components: any component with more than one node is a cycle.
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
let counter = 0;
function visit(node) {
  index.set(node, counter);
  low.set(node, counter++);
  stack.push(node);
  onStack.add(node);
  for (const next of edges.get(node)?.keys() ?? []) {
    if (!index.has(next)) {
      visit(next);
      low.set(node, Math.min(low.get(node), low.get(next)));
    } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
  }
  if (low.get(node) !== index.get(node)) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    onStack.delete(member);
    component.push(member);
  } while (member !== node);
  if (component.length > 1) cycles.push(component);
}
for (const node of edges.keys()) if (!index.has(node)) visit(node);

if (cycles.length === 0) {
  console.log(`check-import-cycles: no cycles between ${index.size} server folders`);
} else {
  for (const component of cycles) {
    console.error(`Import cycle between ${component.join(', ')}:`);
    for (const from of component)
      for (const [to, file] of edges.get(from) ?? []) if (component.includes(to)) console.error(`  ${from} -> ${to} (${file})`);
  }
  process.exit(1);
}
