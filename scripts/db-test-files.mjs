// Lists the server test files that can touch a database: those whose relative imports reach the
// database opener (apps/server/src/db/database.ts) or the test kit that makes a database per file
// (apps/server/test/support/test-data-dir.ts). CI's PostgreSQL pass runs only these; the others (pure
// rendering, inference, CLI parsing) ran once already on PGlite and would run the same way again.
// `node scripts/db-test-files.mjs` prints one path a line; `--others` prints the rest instead;
// `--pglite` prints the few that CI runs again on PGlite after running them all on PostgreSQL.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const TEST_DIR = 'apps/server/test';
const DB_MODULES = new Set(['apps/server/src/db/database.ts', 'apps/server/test/support/test-data-dir.ts']);
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function resolveImport(fromFile, spec) {
  const base = path.join(path.dirname(fromFile), spec);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, base.replace(/\.js$/, '.ts'), path.join(base, 'index.ts')];
  return candidates.find((c) => existsSync(path.join(root, c)) && statSync(path.join(root, c)).isFile());
}

const reaches = new Map();
function reachesDatabase(file, seen = new Set()) {
  if (DB_MODULES.has(file)) return true;
  if (reaches.has(file)) return reaches.get(file);
  if (seen.has(file)) return false;
  seen.add(file);
  const text = readFileSync(path.join(root, file), 'utf8');
  let found = false;
  for (const m of text.matchAll(IMPORT)) {
    const target = resolveImport(file, m[1] ?? m[2]);
    if (target && reachesDatabase(target, seen)) {
      found = true;
      break;
    }
  }
  // Only a positive answer is final: a negative one may be partial while a cycle is still open.
  if (found) reaches.set(file, true);
  return found;
}

const tests = readdirSync(path.join(root, TEST_DIR), { recursive: true })
  .map((f) => path.join(TEST_DIR, String(f)))
  .filter((f) => f.endsWith('.test.ts'))
  .sort();
/**
 * CI runs the server suites on PostgreSQL inside `npm test`; these run once more on PGlite, the
 * embedded default: the migrations (extensions included), the list with its trigram search and
 * counted totals, the session flow, the upload flow and the access policy's matrix (role x operation x
 * space, clinics included). The browser suite runs the whole product
 * on PGlite too (e2e/src/server.ts never passes DATABASE_URL on).
 */
const PGLITE_AGAIN = [
  'apps/server/test/migrations.test.ts',
  'apps/server/test/graphql/patient-list-total.test.ts',
  'apps/server/test/graphql/patients.test.ts',
  'apps/server/test/auth/session-flow.test.ts',
  'apps/server/test/images/upload-flow.test.ts',
  'apps/server/test/clinics/access-matrix.test.ts',
];
if (process.argv.includes('--pglite')) {
  for (const file of PGLITE_AGAIN) {
    if (!tests.includes(file)) throw new Error(`${file} is not a server test file any more: update PGLITE_AGAIN`);
    console.log(file);
  }
  process.exit(0);
}
const wantOthers = process.argv.includes('--others');
for (const file of tests) {
  if (reachesDatabase(file) !== wantOthers) console.log(file);
}
