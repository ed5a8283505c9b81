import { describe, expect, it } from 'vitest';
import { dictionaries } from '../src/i18n/index.ts';
import { languages } from '../src/i18n/languages.ts';

type Tree = { [key: string]: string | Tree };

/** Every leaf path ("footer.device.udi") with its string. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [p, v] of leaves(value, path)) out.set(p, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

function diffKeys(reference: Map<string, string>, own: Map<string, string>) {
  return {
    missing: [...reference.keys()].filter((k) => !own.has(k)),
    extra: [...own.keys()].filter((k) => !reference.has(k)),
  };
}

const reference = leaves(dictionaries.en as Tree);

describe('key comparison', () => {
  it('finds a key missing deep in a nested dictionary', () => {
    const broken: Tree = { a: 'x', b: { c: 'y', d: { e: 'z' } } };
    const full: Tree = { a: 'x', b: { c: 'y', d: { e: 'z', f: 'w' } } };
    expect(diffKeys(leaves(full), leaves(broken))).toEqual({ missing: ['b.d.f'], extra: [] });
  });
});

describe('i18n dictionaries', () => {
  it('has a dictionary for every language', () => {
    expect(Object.keys(dictionaries).sort()).toEqual([...languages].sort());
  });

  describe.each(languages)('%s', (language) => {
    const own = leaves(dictionaries[language] as Tree);

    it('has exactly the same keys as English', () => {
      expect(diffKeys(reference, own)).toEqual({ missing: [], extra: [] });
    });

    it('has no empty strings', () => {
      const empty = [...own].filter(([, v]) => v.trim() === '').map(([k]) => k);
      expect(empty).toEqual([]);
    });

    it('uses the same {{placeholders}} as English', () => {
      const mismatched = [...reference]
        .filter(([k, v]) => own.has(k) && placeholders(v).join() !== placeholders(own.get(k) ?? '').join())
        .map(([k]) => k);
      expect(mismatched).toEqual([]);
    });
  });

  it('uses the exact English offline sentence', () => {
    expect(dictionaries.en.gate.offline).toBe('You are currently offline. Please check your internet connection.');
  });

  it('keeps the version line format in every language', () => {
    for (const language of languages) expect(dictionaries[language].footer.version).toBe('Ver {{version}} ({{date}})');
  });
});
