// Every package the lockfile installs must run on the Node this project supports (README: Node 20.19+):
// a dependency update that moves a package to `engines: { node: ">=22" }` fails `npm run lint` here
// instead of warning once in `npm install` and failing on someone's Node 20 later.
// The `overrides` in package.json pin the few that moved only their engines field (README, Requirements).
import { readFileSync } from 'node:fs';
import semver from 'semver';

const SUPPORTED = ['20.19.0', process.versions.node];
const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));

const refused = [];
let checked = 0;
for (const [path, entry] of Object.entries(lock.packages ?? {})) {
  const range = entry.engines?.node;
  if (!path || !range) continue;
  checked += 1;
  for (const version of SUPPORTED) {
    if (!semver.satisfies(version, range, { includePrerelease: true })) {
      refused.push(`${path.replace(/^.*node_modules\//, '')}@${entry.version}: engines.node "${range}" excludes Node ${version}`);
    }
  }
}
if (refused.length > 0) {
  const lines = [...new Set(refused)];
  console.error(`engines: ${lines.length} refusal(s) in package-lock.json of a supported Node:\n  ${lines.join('\n  ')}`);
  process.exit(1);
}
console.log(`engines: ${checked} packages with an engines field, all accept Node ${SUPPORTED.join(' and ')}`);
