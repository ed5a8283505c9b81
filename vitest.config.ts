import { defineConfig } from 'vitest/config';

// One vitest run, several projects: `unit` is pure and fast, `server` talks to a real database
// (PGlite by default, PostgreSQL when DATABASE_URL is set), `web` runs React components in jsdom.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['test/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./test/setup-dialog.ts'],
        },
      },
    ],
  },
});
