import { describe, expect, it } from 'vitest';
import { readTemplateOffsets, templateOffsetsPatch } from '../src/index';

describe('tracing templates document (drawing_result.templates)', () => {
  it('opens an old document without the key, or junk, with every template as fitted', () => {
    expect(readTemplateOffsets(null)).toEqual({});
    expect(readTemplateOffsets({ version: 1, coords: [] })).toEqual({});
    expect(readTemplateOffsets({ templates: { version: 2, offsets: {} } })).toEqual({});
    expect(readTemplateOffsets({ templates: 'x' })).toEqual({});
  });

  it('reads what the patch writes, and a rotation missing from an entry defaults to 0', () => {
    const patch = templateOffsetsPatch({ 'upper-molar-outline': { dx: 4.5, dy: -2, rotation: 7 } });
    expect(readTemplateOffsets(patch)).toEqual({ 'upper-molar-outline': { dx: 4.5, dy: -2, rotation: 7 } });
    expect(readTemplateOffsets({ templates: { version: 1, offsets: { 'lower-incisor-outline': { dx: 1, dy: 2 } } } })).toEqual({
      'lower-incisor-outline': { dx: 1, dy: 2, rotation: 0 },
    });
  });

  it('skips an unreadable or unknown entry and keeps the others', () => {
    const stored = {
      templates: {
        version: 1,
        offsets: { 'upper-incisor-outline': { dx: 'a' }, nope: { dx: 1, dy: 1 }, 'lower-molar-outline': { dx: 1, dy: 1 } },
      },
    };
    expect(readTemplateOffsets(stored)).toEqual({ 'lower-molar-outline': { dx: 1, dy: 1, rotation: 0 } });
    expect(templateOffsetsPatch({ nope: { dx: 1, dy: 1, rotation: 0 } })).toEqual({ templates: { version: 1, offsets: {} } });
  });
});
