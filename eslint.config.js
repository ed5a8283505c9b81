// Lint with import boundaries: dependencies run one way, ceph <- contract <- server, web.
import boundaries from 'eslint-plugin-boundaries';
import tseslint from 'typescript-eslint';

/**
 * server-boundaries: the files directly in apps/server/src that wire the app (pdf-worker.ts: the PDF pool's worker
 * thread, which composes the features that make PDFs), and the two that are shared helpers.
 */
const WIRING = ['app.ts', 'services.ts', 'main.ts', 'pdf-worker.ts'];
const SHARED_ROOT = ['clock.ts', 'roles.ts'];

/**
 * access-policy: the files that may name `patients.userId` / `patients.clinicId` outside apps/server/src/access.
 * Only the administrators' usage per account (admin.repository.ts: how many patients each account
 * created, across spaces; administrators see no patient data through it). Every other feature filters
 * with `patientScope(actor)` and attributes with `patientCreatorColumn` / `patientSpaceColumns`.
 */
const PATIENT_OWNER_ALLOW_LIST = ['apps/server/src/features/admin/admin.repository.ts'];

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'crypto', 'http', 'https', 'net', 'child_process', 'worker_threads', 'stream'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'tmp/**',
      'ml/**',
      'models/**',
      'apps/server/drizzle/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // --- server-boundaries: server and packages import rules (docs/ARCHITECTURE.md §6) -----------------
  // Elements are folders; imports inside one element are not checked. Rules, in plain words:
  // - a server feature imports another feature only through its public entry: `index.ts` or a `*.service.ts`;
  // - shared server folders (http, db, storage, jobs, config, errors, ...) import no feature and no app wiring;
  // - app wiring (app.ts, services.ts, main.ts) and the command-line tools (cli/) compose anything;
  // - a feature may name the wiring's `Services` type (type-only import of services.ts), nothing else of it;
  // - packages/ceph imports nothing local, packages/contract only packages/ceph.
  // No cycles between folders: scripts/check-import-cycles.mjs (run by npm run lint).
  {
    files: ['apps/server/src/**/*.ts', 'packages/ceph/src/**/*.ts', 'packages/contract/src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': {
        typescript: { project: ['apps/server/tsconfig.json', 'packages/*/tsconfig.json'], noWarnOnMultipleProjects: true },
      },
      'boundaries/include': ['apps/server/src/**/*.ts', 'packages/ceph/src/**/*.ts', 'packages/contract/src/**/*.ts'],
      'boundaries/elements': [
        { type: 'server-feature', pattern: 'apps/server/src/features/*', capture: ['feature'], partialMatch: false },
        { type: 'server-cli', pattern: 'apps/server/src/cli', partialMatch: false },
        { type: 'server-shared', pattern: 'apps/server/src/*', capture: ['folder'], partialMatch: false },
        // The files directly in src/: the app wiring (app.ts, services.ts, main.ts) and two shared ones (clock.ts, roles.ts).
        { type: 'server-root', pattern: 'apps/server/src', partialMatch: false },
        { type: 'ceph', pattern: 'packages/ceph/src', partialMatch: false },
        { type: 'contract', pattern: 'packages/contract/src', partialMatch: false },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            {
              from: { element: [{ type: 'server-root', fileInternalPath: WIRING }, { type: 'server-cli' }] },
              allow: { to: { element: { type: ['server-*', 'contract', 'ceph'] } } },
            },
            {
              from: { element: { type: 'server-feature' } },
              allow: [
                {
                  to: {
                    element: [{ type: ['server-shared', 'contract', 'ceph'] }, { type: 'server-root', fileInternalPath: SHARED_ROOT }],
                  },
                },
                { to: { element: { type: 'server-feature', fileInternalPath: ['index.ts', '*.service.ts'] } } },
                { to: { element: { type: 'server-root', fileInternalPath: 'services.ts' } }, dependency: { kind: 'type' } },
              ],
            },
            {
              from: { element: [{ type: 'server-shared' }, { type: 'server-root', fileInternalPath: SHARED_ROOT }] },
              allow: {
                to: { element: [{ type: ['server-shared', 'contract', 'ceph'] }, { type: 'server-root', fileInternalPath: SHARED_ROOT }] },
              },
            },
            { from: { element: { type: 'contract' } }, allow: { to: { element: { type: 'ceph' } } } },
          ],
        },
      ],
    },
  },
  // --- end server-boundaries ---
  // --- access-policy: which patients a caller may see is decided in apps/server/src/access only ------
  // (docs/clinics.md). A feature filters patient data with `patientScope(actor)` and writes new patients
  // with `newPatientOwner(actor)`; it never compares `patients.userId` / `patients.clinicId` itself.
  {
    files: ['apps/server/src/features/**/*.ts'],
    ignores: PATIENT_OWNER_ALLOW_LIST,
    rules: {
      'no-restricted-properties': [
        'error',
        ...['userId', 'clinicId'].map((property) => ({
          object: 'patients',
          property,
          message:
            "Who may see a patient is the access policy's: filter with patientScope(actor) and insert with newPatientOwner(actor) " +
            'from apps/server/src/access (docs/clinics.md); show the creator with patientCreatorColumn.',
        })),
      ],
    },
  },
  // --- end access-policy ---
  {
    // The domain is pure: no framework, no platform, no other workspace.
    files: ['packages/ceph/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@ceppro/contract', '@ceppro/server', '@ceppro/web', '**/apps/**', '**/contract/**'],
              message: 'packages/ceph must not import upward.',
            },
            {
              group: ['react', 'react-dom', 'zod', 'pg', '@electric-sql/*', ...nodeBuiltins],
              message: 'packages/ceph is pure: no framework, Node, DOM or database imports.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'fetch', 'process'],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'packages/ceph is deterministic.' },
        { object: 'Date', property: 'now', message: 'packages/ceph has no clock.' },
      ],
    },
  },
  {
    files: ['packages/contract/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@ceppro/server', '@ceppro/web', '**/apps/**'], message: 'packages/contract must not import apps.' },
            { group: ['react', 'react-dom', ...nodeBuiltins], message: 'packages/contract is shared by browser and server.' },
          ],
        },
      ],
      // Geometry (angles, distances, polygons, transforms) lives in packages/ceph, tested there (issue 29 item 3).
      'no-restricted-properties': [
        'error',
        ...['atan2', 'hypot', 'sin', 'cos', 'tan', 'acos', 'asin', 'sqrt'].map((property) => ({
          object: 'Math',
          property,
          message: 'packages/contract holds schemas, endpoints, vocabulary and the report model: compute on points in packages/ceph.',
        })),
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@ceppro/web', '**/apps/web/**', 'react', 'react-dom'], message: 'The server must not import the web app.' },
          ],
        },
      ],
    },
  },
  {
    // The product never imports the tools (benches, probes, evaluation, generators): tools/ imports the product.
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@ceppro/web', '**/apps/web/**', 'react', 'react-dom'], message: 'The server must not import the web app.' },
            { group: ['@ceppro/tools', '**/tools/**'], message: 'The product must not import tools/ (tools import the product).' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@ceppro/server', '**/apps/server/**', 'pg', '@electric-sql/*', 'sharp', 'onnxruntime-node'],
              message: 'The web app must not import the server.',
            },
          ],
        },
      ],
    },
  },
  // --- web-boundaries: apps/web import rules (docs/ARCHITECTURE.md §1) ---------------------------------
  // Layers, bottom up: config + i18n, lib, stores, hooks, components; features on top; routes and the
  // app shell compose them. Rules, in plain words (imports inside one element are not checked):
  // - lib imports only lib and config; stores only lib; hooks lib and stores; components lib, stores, hooks;
  // - a feature imports no other feature: screens in routes/ and the app shell in app/ compose them;
  // - inside the viewer, sub-features (analysis, calibration, drawing, ...) import none of each other,
  //   only the viewer core (api, components, hooks, interaction, lib, store, the registries); the viewer
  //   shell (features/viewer/index.ts, shell/) composes them, and is the viewer's entry for routes/.
  // Tests (apps/web/test) may import anything.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: ['apps/web/tsconfig.json'] } },
      'boundaries/include': ['apps/web/src/**/*', 'packages/ceph/src/**/*.ts', 'packages/contract/src/**/*.ts'],
      'boundaries/elements': [
        { type: 'web-main', pattern: 'apps/web/src/main.tsx', mode: 'file' },
        { type: 'web-route-table', pattern: 'apps/web/src/routes/paths.ts', mode: 'file' },
        { type: 'viewer-shell', pattern: 'apps/web/src/features/viewer/index.ts', mode: 'file' },
        { type: 'viewer-shell', pattern: 'apps/web/src/features/viewer/shell' },
        { type: 'viewer-core', pattern: 'apps/web/src/features/viewer/{api,components,documents,hooks,interaction,lib,store}' },
        { type: 'viewer-core', pattern: 'apps/web/src/features/viewer/*.ts', mode: 'file' },
        { type: 'viewer-part', pattern: 'apps/web/src/features/viewer/*', capture: ['part'] },
        { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'web-layer', pattern: 'apps/web/src/*', capture: ['layer'] },
        { type: 'ceph', pattern: 'packages/ceph/src' },
        { type: 'contract', pattern: 'packages/contract/src' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            { allow: { to: { element: { type: ['ceph', 'contract'] } } } },
            {
              from: { element: { type: 'web-main' } },
              allow: { to: { element: { type: 'web-layer', captured: { layer: '{app,i18n,styles}' } } } },
            },
            {
              from: { element: { type: 'web-layer', captured: { layer: 'app' } } },
              allow: { to: { element: { type: ['web-layer', 'web-route-table', 'web-feature', 'viewer-shell'] } } },
            },
            {
              from: { element: { type: 'web-layer', captured: { layer: 'routes' } } },
              allow: [
                { to: { element: { type: ['web-route-table', 'web-feature', 'viewer-shell'] } } },
                { to: { element: { type: 'web-layer', captured: { layer: '{routes,components,hooks,stores,lib,config,i18n}' } } } },
              ],
            },
            {
              from: { element: { type: ['web-feature', 'viewer-shell', 'viewer-core', 'viewer-part'] } },
              allow: [
                { to: { element: { type: 'web-route-table' } } },
                { to: { element: { type: 'web-layer', captured: { layer: '{components,hooks,stores,lib,config,i18n}' } } } },
              ],
            },
            {
              from: { element: { type: 'viewer-shell' } },
              allow: { to: { element: { type: ['viewer-shell', 'viewer-core', 'viewer-part'] } } },
            },
            { from: { element: { type: 'viewer-core' } }, allow: { to: { element: { type: 'viewer-core' } } } },
            { from: { element: { type: 'viewer-part' } }, allow: { to: { element: { type: 'viewer-core' } } } },
            {
              from: { element: { type: 'web-layer', captured: { layer: 'components' } } },
              allow: [
                { to: { element: { type: 'web-route-table' } } },
                { to: { element: { type: 'web-layer', captured: { layer: '{components,hooks,stores,lib,config,i18n}' } } } },
              ],
            },
            {
              from: { element: { type: 'web-layer', captured: { layer: 'hooks' } } },
              allow: { to: { element: { type: 'web-layer', captured: { layer: '{hooks,stores,lib,config,i18n}' } } } },
            },
            {
              from: { element: { type: 'web-layer', captured: { layer: 'stores' } } },
              allow: { to: { element: { type: 'web-layer', captured: { layer: '{stores,lib,config}' } } } },
            },
            {
              from: { element: { type: 'web-layer', captured: { layer: 'lib' } } },
              allow: { to: { element: { type: 'web-layer', captured: { layer: '{lib,config}' } } } },
            },
            {
              from: { element: { type: 'web-layer', captured: { layer: '{config,i18n}' } } },
              allow: { to: { element: { type: 'web-layer', captured: { layer: '{config,i18n}' } } } },
            },
          ],
        },
      ],
      'boundaries/no-unknown-files': 'error',
    },
  },
  // --- end web-boundaries ---
  {
    // Endpoints are declared once, in packages/contract (issue 29 item 2): the web calls them with
    // `api.call(ENDPOINT, input, { params })` and links to them with `pathTo`, never by a path written here.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\x2F(api|minio|ai|ai_api|public|graphql|manual)(\\x2F|$)/]',
          message: 'An endpoint path belongs to its declaration in packages/contract: call it with api.call, link it with pathTo.',
        },
        {
          selector: 'TemplateLiteral > TemplateElement:first-child[value.raw=/^\\x2F(api|minio|ai|ai_api|public|graphql|manual)(\\x2F|$)/]',
          message: 'An endpoint path belongs to its declaration in packages/contract: call it with api.call, link it with pathTo.',
        },
      ],
    },
  },
  {
    // The server registers its REST routes from the contract's declarations (apps/server/src/http/endpoint-route.ts
    // `route(app, ENDPOINT, handler)`): no path of one is written in the server (issue 29 item 2).
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\x2F(api|minio|ai|ai_api|public|manual)\\x2F/]',
          message: 'An endpoint path belongs to its declaration in packages/contract: register it with route(app, ENDPOINT, handler).',
        },
        {
          selector: 'TemplateLiteral > TemplateElement:first-child[value.raw=/^\\x2F(api|minio|ai|ai_api|public|manual)\\x2F/]',
          message: 'An endpoint path belongs to its declaration in packages/contract: register it with route(app, ENDPOINT, handler).',
        },
      ],
    },
  },
  {
    // Browser tests wait with Playwright's own assertions (`expect(locator)`, `expect.poll`), never a home-made polling
    // helper (issue 29 item 5, e2e/README.md "Time").
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/expect.ts', '**/expect'],
              importNames: ['eventually', 'poll', 'retry', 'waitUntil'],
              message: "Wait with @playwright/test's expect: expect(locator).toHaveText/toBeVisible/..., or expect.poll off the DOM.",
            },
            {
              group: ['node:assert', 'node:assert/*', 'assert', 'assert/*'],
              message: "Check with @playwright/test's expect: web-first on locators, expect(value).toBe(...) on values in hand.",
            },
          ],
        },
      ],
    },
  },
  {
    // No test sleeps: page time moves with page.clock, everything else is a condition waited for.
    files: ['e2e/tests/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { property: 'waitForTimeout', message: 'No sleeps in tests: wait on a condition (web-first expect) or move page.clock.' },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'setTimeout', message: 'No sleeps or hand-written polling in tests: use web-first expect, expect.poll or page.clock.' },
        { name: 'setInterval', message: 'No hand-written polling in tests: use web-first expect or expect.poll.' },
      ],
    },
  },
);
