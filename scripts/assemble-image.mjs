// node scripts/assemble-image.mjs <build-dir> <out-dir>
//
// The Docker image's runtime stage without Docker (docs/deploy.md, "Checking the image without
// Docker"): copies what the Dockerfile's last stage takes from the build stage (`COPY --from=build`)
// out of <build-dir> into <out-dir>/app, where <build-dir> is a checkout on which the build stage's
// commands ran (`npm ci && npm run build && npm prune --omit=dev`). Starting
// `node apps/server/dist/start.js` in <out-dir>/app then shows whether the image holds everything
// the server needs at run time: no dev dependency, source file or model left behind by mistake.
import { cp, mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

const [buildDir, outDir] = process.argv.slice(2);
if (!buildDir || !outDir) {
  console.error('usage: node scripts/assemble-image.mjs <build-dir> <out-dir>');
  process.exit(2);
}

const dockerfile = await readFile(path.join(buildDir, 'Dockerfile'), 'utf8');
// Continuation lines joined, comments dropped; the runtime stage is everything after the last FROM.
const lines = dockerfile
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));
const lastFrom = lines.findLastIndex((l) => /^FROM\s/i.test(l));
const runtime = lines.slice(lastFrom + 1);

const buildWorkdir = lines
  .slice(0, lastFrom)
  .filter((l) => /^WORKDIR\s/i.test(l))
  .map((l) => l.split(/\s+/)[1])
  .at(-1);
if (!buildWorkdir) throw new Error('the build stage names no WORKDIR');

let workdir = '/';
let copied = 0;
const appRoot = path.join(outDir, 'app');
await rm(outDir, { recursive: true, force: true });
for (const line of runtime) {
  const [instruction, ...args] = line.split(/\s+/);
  if (/^WORKDIR$/i.test(instruction)) workdir = path.posix.resolve(workdir, args[0]);
  if (!/^COPY$/i.test(instruction) || args[0] !== '--from=build') continue;
  const paths = args.slice(1);
  const rawDest = paths.pop();
  const dest = path.posix.resolve(workdir, rawDest);
  for (const src of paths) {
    const from = path.join(buildDir, path.posix.relative(buildWorkdir, path.posix.resolve(buildWorkdir, src)));
    const intoDir = rawDest.endsWith('/') || paths.length > 1;
    const target = path.join(outDir, intoDir ? path.posix.join(dest, path.posix.basename(src)) : dest);
    await mkdir(path.dirname(target), { recursive: true });
    // Links stay links, as COPY keeps them (a workspace link into packages/ dangles in the image too).
    await cp(from, target, { recursive: true, verbatimSymlinks: true });
    copied += 1;
  }
}
console.log(`assembled ${copied} COPY --from=build sources of the runtime stage into ${appRoot}`);
console.log(`run: cd ${appRoot} && NODE_ENV=production DATA_DIR=<dir> node apps/server/dist/start.js`);
