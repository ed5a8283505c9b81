// Production build of the server: `npm run build -w apps/server` (the root `npm run build` runs it
// after the web build). Bundles src/main.ts and the worker threads into plain JavaScript in
// dist/, so `npm start` runs `node apps/server/dist/main.js` with no TypeScript loader.
//
// - The workspace packages (@ceppro/ceph, @ceppro/contract: TypeScript sources) are bundled in;
//   every other package stays external and loads from node_modules at run time (native addons,
//   wasm, fonts and migrations are read relative to their own files, so they are not copied).
// - `import.meta.url` in a source file is rewritten to that source file's own URL (computed from
//   the bundle's location), so `new URL('../../drizzle', import.meta.url)` and friends still find
//   the migrations, the model manifest, the repository root and the font packages.
// - The worker entries (*-worker-entry.mjs register tsx for development) are replaced by the
//   bundled workers.
//
// `npm start` runs dist/start.js: it sets NODE_ENV=production unless NODE_ENV is set already (before
// any module loads, on every OS, no shell syntax in the npm script), turns on source maps for stack
// traces, then loads main.js.
//
// Usage: node apps/server/build.mjs [outdir] [name=entry.ts ...]   (default apps/server/dist; extra entries bundled beside)
import { build } from 'esbuild';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const serverRoot = path.dirname(fileURLToPath(import.meta.url));
const srcRoot = path.join(serverRoot, 'src');

/** Worker thread entry (as named in the source) -> its bundled file in the output folder. */
export const WORKERS = {
  'inference-worker-entry.mjs': { out: 'inference-worker', source: 'src/inference/inference-worker.ts' },
  'dicom-render-worker-entry.mjs': { out: 'dicom-render-worker', source: 'src/features/images/dicom/dicom-render-worker.ts' },
  'pdf-worker-entry.mjs': { out: 'pdf-worker', source: 'src/pdf-worker.ts' },
};

const BUNDLE_URL = '__CEPPRO_BUNDLE_URL__';

/** Bare imports stay external except the workspace packages, which are TypeScript sources. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@ceppro/') || args.path.startsWith('node:')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

function sourceUrlRewrite(outdir) {
  return {
    name: 'source-url',
    setup(b) {
      b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
        const text = await readFile(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        let code = text;
        for (const [entry, { out }] of Object.entries(WORKERS)) {
          const call = `new URL('./${entry}', import.meta.url)`;
          if (code.includes(call)) code = code.replace(call, `new URL('./${out}.js', ${BUNDLE_URL})`);
          else if (code.includes(entry)) throw new Error(`${args.path} names ${entry} in a form build.mjs does not rewrite`);
        }
        const relative = path.relative(outdir, args.path).split(path.sep).join('/');
        code = code.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`);
        code = code.replaceAll(BUNDLE_URL, 'import.meta.url');
        return { contents: code, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
}

/**
 * Builds into `outdir` (absolute, or relative to the working directory). Resolves with the files written.
 * `extra` names more entries (output name -> TypeScript file) bundled the same way: the browser suite's
 * test seed (e2e/src/global-setup.ts) runs as plain JavaScript beside the server it prepares.
 */
export async function buildServer(outdir = path.join(serverRoot, 'dist'), extra = {}) {
  const out = path.resolve(outdir);
  // The operator's commands run from the bundle too (`node apps/server/dist/admin.js ...`): a
  // production install has no TypeScript loader for `npm run admin` (docs/deploy.md).
  const entryPoints = {
    main: path.join(srcRoot, 'main.ts'),
    admin: path.join(srcRoot, 'cli/admin.ts'),
    notices: path.join(srcRoot, 'cli/notices.ts'),
    // `npm run report` and `npm run detect` (tsx from the sources); their tests run these bundles when current.
    report: path.join(srcRoot, 'cli/report.ts'),
    detect: path.join(srcRoot, 'cli/detect.ts'),
  };
  for (const { out: name, source } of Object.values(WORKERS)) entryPoints[name] = path.join(serverRoot, source);
  for (const [name, source] of Object.entries(extra)) entryPoints[name] = path.resolve(source);
  const result = await build({
    entryPoints,
    outdir: out,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    // Stack traces in the logs name the TypeScript files (start.js enables source maps).
    sourcesContent: false,
    // Every output file in one folder: the import.meta.url rewrite is relative to it.
    chunkNames: '[name]-[hash]',
    logLevel: 'warning',
    metafile: true,
    plugins: [externalPackages, sourceUrlRewrite(out)],
  });
  await writeFile(path.join(out, 'start.js'), START);
  return [...Object.keys(result.metafile.outputs), path.join(out, 'start.js')];
}

const START = `// Written by apps/server/build.mjs: the production entry (npm start).
process.env.NODE_ENV ??= 'production';
process.setSourceMapsEnabled(true);
await import('./main.js');
`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // node apps/server/build.mjs [outdir] [name=path/to/entry.ts ...]
  const extra = Object.fromEntries(process.argv.slice(3).map((arg) => arg.split('=', 2)));
  const files = await buildServer(process.argv[2], extra);
  console.log(
    `server built: ${files.filter((f) => f.endsWith('.js')).length} files in ` +
      `${path.relative(process.cwd(), path.dirname(path.resolve(files[0])))}`,
  );
}
