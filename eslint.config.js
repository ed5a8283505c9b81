// Lint with import boundaries: dependencies run one way, ceph <- contract <- server, web.
import tseslint from 'typescript-eslint';

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
);
