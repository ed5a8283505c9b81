import { describe, expect, it } from 'vitest';
import config from '../vite.config.ts';

/** `npm start` serves the production build: its source maps must not be public. */
describe('production build', () => {
  it('emits no source maps', () => {
    expect(config.build?.sourcemap ?? false).toBe(false);
  });

  it('proxies every server path to the API in development (npm run dev)', () => {
    const proxied = Object.keys(config.server?.proxy ?? {});
    expect(proxied).toEqual(expect.arrayContaining(['/api', '/public', '/graphql', '/files', '/ws', '/healthz']));
  });
});
