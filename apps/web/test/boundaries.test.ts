import { describe, expect, it } from 'vitest';

// docs/house-rules.md §8: features do not import each other; shared components and stores do not import
// features or route screens. The root ESLint config cannot express this per feature, so it is
// checked here from the sources themselves.
const sources = import.meta.glob<string>('../src/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true });

function imports(code: string): string[] {
  return [...code.matchAll(/(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)/g)].map(
    (m) => m[1] ?? m[2] ?? '',
  );
}

/** Resolves a relative import against the importing file to a path under src/. */
function resolve(file: string, spec: string): string {
  if (!spec.startsWith('.')) return spec;
  const parts = file.split('/').slice(0, -1);
  for (const piece of spec.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece !== '.') parts.push(piece);
  }
  return parts.join('/');
}

const files = Object.entries(sources).map(([file, code]) => ({
  file: file.replace('../src/', 'src/'),
  targets: imports(code).map((spec) => resolve(file.replace('../src/', 'src/'), spec)),
}));

describe('import boundaries', () => {
  it('finds the sources', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('features do not import other features', () => {
    const bad = files.flatMap(({ file, targets }) => {
      const own = /^src\/features\/([^/]+)\//.exec(file)?.[1];
      if (own === undefined) return [];
      return targets.filter((t) => t.startsWith('src/features/') && !t.startsWith(`src/features/${own}/`)).map((t) => `${file} -> ${t}`);
    });
    expect(bad).toEqual([]);
  });

  it('shared layers do not import features, screens or the app shell', () => {
    const shared = /^src\/(components|stores|lib|hooks|i18n|config)\//;
    const bad = files.flatMap(({ file, targets }) =>
      shared.test(file)
        ? targets
            .filter((t) => /^src\/(features|app)\//.test(t) || (/^src\/routes\//.test(t) && !t.endsWith('paths.ts')))
            .map((t) => `${file} -> ${t}`)
        : [],
    );
    expect(bad).toEqual([]);
  });
});
