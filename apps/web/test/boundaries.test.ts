// @vitest-environment node
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// docs/house-rules.md §8: the web app's import boundaries are ESLint rules (eslint.config.js, the
// web-boundaries block, run by `npm run lint`). These cases check that the rules say what the
// architecture says: each lints one import as if it were written in a real file of the tree.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let eslint: ESLint;

// Loading the config and the TypeScript resolver takes seconds on a busy machine: done once, here.
beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  await eslint.lintText('export {};\n', { filePath: path.join(root, 'apps/web/src/lib/probe.ts') });
}, 120_000);

/** The boundary messages for `code` linted as the file `file` (relative to apps/web/src). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/web/src', file) });
  return (result?.messages ?? []).filter((m) => m.ruleId?.startsWith('boundaries/') === true).map((m) => m.message);
}

describe('web import boundaries (eslint.config.js)', { timeout: 30_000 }, () => {
  it('lib is the bottom layer: it imports no store, component or feature', async () => {
    expect(await boundaryErrors('lib/probe.ts', "export { useLockStore } from '../stores/lock-store.ts';\n")).toHaveLength(1);
    expect(await boundaryErrors('lib/probe.ts', "export { Footer } from '../components/footer.tsx';\n")).toHaveLength(1);
    expect(await boundaryErrors('lib/probe.ts', "export { cookieNames } from '../config/cookies.ts';\n")).toEqual([]);
  });

  it('stores use lib, never components or features', async () => {
    expect(await boundaryErrors('stores/probe.ts', "export { getCookie } from '../lib/cookies.ts';\n")).toEqual([]);
    expect(await boundaryErrors('stores/probe.ts', "export { Footer } from '../components/footer.tsx';\n")).toHaveLength(1);
  });

  it('a feature imports no other feature; a route screen composes them', async () => {
    const aboutAi = "export { AboutAiLink } from '../about-ai/components/about-ai-link.tsx';\n";
    expect(await boundaryErrors('features/patients/probe.ts', aboutAi)).toHaveLength(1);
    expect(
      await boundaryErrors('routes/probe.ts', "export { AboutAiLink } from '../features/about-ai/components/about-ai-link.tsx';\n"),
    ).toEqual([]);
    expect(await boundaryErrors('components/probe.ts', "export { Viewer } from '../features/viewer/index.ts';\n")).toHaveLength(1);
  });

  it('viewer sub-features import the viewer core but not each other; the viewer shell composes them', async () => {
    const analysis = "export { AnalysisLegend } from '../analysis/components/analysis-legend.tsx';\n";
    expect(await boundaryErrors('features/viewer/vto/probe.ts', analysis)).toHaveLength(1);
    expect(await boundaryErrors('features/viewer/shell/probe.ts', analysis)).toEqual([]);
    const core = "export { useFilmCalibration } from '../hooks/use-film-calibration.ts';\n";
    expect(await boundaryErrors('features/viewer/vto/probe.ts', core)).toEqual([]);
    const part = "export { useVtoStore } from '../vto/store/vto-store.ts';\n";
    expect(await boundaryErrors('features/viewer/lib/probe.ts', part)).toHaveLength(1);
  });
});
