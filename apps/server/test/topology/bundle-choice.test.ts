import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleIsCurrent } from '../support/server-command';

/** The topology tests run the compiled bundle only when it is built from the current sources. */
let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function tree(): Promise<{ bundle: string; sources: string[]; source: string }> {
  dir = await mkdtemp(path.join(tmpdir(), 'ceppro-bundle-'));
  const src = path.join(dir, 'src');
  await mkdir(path.join(src, 'features'), { recursive: true });
  const source = path.join(src, 'features', 'a.ts');
  await writeFile(source, 'export {};');
  await utimes(source, new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'));
  return { bundle: path.join(dir, 'main.js'), sources: [src], source };
}

describe('which server entry the topology tests start', () => {
  it('is the TypeScript entry when no bundle is built', async () => {
    const { bundle, sources } = await tree();
    expect(bundleIsCurrent(bundle, sources)).toBe(false);
  });

  it('is the bundle when it is newer than every source, and not once a source changes after it', async () => {
    const { bundle, sources, source } = await tree();
    await writeFile(bundle, '');
    await utimes(bundle, new Date('2026-01-02T00:00:00Z'), new Date('2026-01-02T00:00:00Z'));
    expect(bundleIsCurrent(bundle, sources)).toBe(true);
    await utimes(source, new Date('2026-01-03T00:00:00Z'), new Date('2026-01-03T00:00:00Z'));
    expect(bundleIsCurrent(bundle, sources)).toBe(false);
  });
});
