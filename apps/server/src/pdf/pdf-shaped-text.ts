/**
 * Arabic and Hebrew drawn with all of the font's shaping and still read back exactly.
 *
 * Noto Sans Arabic builds a letter from a dotless form and its dots (the `ccmp` feature), and its
 * joining and contextual forms act on those: shaped without `ccmp`, a medial yeh or beh takes its
 * isolated shape. Shaped with it, ب, ت, ن and ي share one dotless glyph, and pdfkit's ToUnicode map
 * (one text per glyph, first use wins) would read every later one back as the first. So for these
 * faces each glyph gets a slot in the embedded subset per text it stands for: the dotless form of ي
 * and the same form of ب are two copies of one outline, each mapped to its own letter (the dots map
 * to nothing). Copy, search and pdftotext then give the letters as typed.
 *
 * fontkit knows which letter each glyph of a run stands for, but hands the run out as its cached
 * Glyph objects, one per glyph id, carrying the letters of the glyph's first use; `getGlyph` is
 * wrapped so that a glyph asked for with other letters comes back with those.
 *
 * This reaches into pdfkit's EmbeddedFont (`font`, `layout`, `subset`, `widths`, `unicode`, `scale`,
 * stable since pdfkit 0.11) and checks that shape first, failing loudly if an upgrade changes it
 * (report-render.test.ts reads the text back with pdftotext).
 */

interface LaidOutGlyph {
  readonly id: number;
  readonly codePoints: readonly number[];
  readonly advanceWidth: number;
}

interface FontkitFont {
  getGlyph(id: number, codePoints?: number[]): LaidOutGlyph;
}

interface EmbeddedFontInternals {
  font: FontkitFont;
  layout(text: string, features: unknown): { glyphs: LaidOutGlyph[]; positions: unknown[] };
  encode(text: string, features: unknown): [string[], unknown[]];
  subset: { glyphs: number[]; includeGlyph(id: number): number };
  widths: Array<number | undefined>;
  unicode: Array<readonly number[] | undefined>;
  scale: number;
}

const patched = new WeakSet<object>();

function internalsOf(font: unknown): EmbeddedFontInternals {
  const f = font as Partial<EmbeddedFontInternals> | null;
  if (
    typeof f?.font?.getGlyph !== 'function' ||
    typeof f.layout !== 'function' ||
    typeof f.encode !== 'function' ||
    !Array.isArray(f.subset?.glyphs) ||
    typeof f.subset.includeGlyph !== 'function' ||
    !Array.isArray(f.widths) ||
    !Array.isArray(f.unicode) ||
    typeof f.scale !== 'number'
  )
    throw new Error('pdfkit EmbeddedFont internals changed: pdf-shaped-text.ts needs font, layout, encode, subset, widths, unicode, scale');
  return f as EmbeddedFontInternals;
}

/**
 * Makes the document's current font (`pdf.font(...)` just called) give every (glyph, text) pair
 * its own subset glyph, so that a glyph shared by several letters reads back as each of them.
 * Idempotent per font.
 */
export function keepTextPerGlyph(pdf: PDFKit.PDFDocument): void {
  const font = (pdf as unknown as { _font: unknown })._font;
  if (typeof font !== 'object' || font === null || patched.has(font)) return;
  const f = internalsOf(font);
  const getGlyph = f.font.getGlyph.bind(f.font);
  f.font.getGlyph = (id, codePoints) => {
    const glyph = getGlyph(id, codePoints);
    if (codePoints === undefined || codePoints.join(',') === glyph.codePoints.join(',')) return glyph;
    // The cached glyph with this run's letters; everything else (outline, metrics) is the glyph's own.
    return Object.create(glyph, { codePoints: { value: codePoints } }) as LaidOutGlyph;
  };
  const slots = new Map<string, number>();
  f.encode = (text, features) => {
    const { glyphs, positions } = f.layout(text, features);
    const encoded = glyphs.map((glyph) => {
      const key = `${glyph.id}:${glyph.codePoints.join(',')}`;
      let gid = slots.get(key);
      if (gid === undefined) {
        gid = f.subset.includeGlyph(glyph.id);
        const mapped = f.unicode[gid];
        if (mapped !== undefined && mapped.join(',') !== glyph.codePoints.join(',')) {
          // The glyph already stands for another text: a copy of it in the subset stands for this one.
          f.subset.glyphs.push(glyph.id);
          gid = f.subset.glyphs.length - 1;
        }
        slots.set(key, gid);
      }
      f.widths[gid] ??= glyph.advanceWidth * f.scale;
      f.unicode[gid] ??= glyph.codePoints;
      return `0000${gid.toString(16)}`.slice(-4);
    });
    return [encoded, positions];
  };
  patched.add(font);
}
