import type { ReportLang } from '@ceppro/contract';
import PDFDocument from 'pdfkit';
import { faceHasGlyph, fontBytes, fontName, type FontStyle } from './pdf-fonts';
import { keepTextPerGlyph } from './pdf-shaped-text';
import { lineRuns } from './bidi';
import { FONT_FACES, type FontFace } from './script-runs';

/**
 * The report's drawing surface on pdfkit: A4 pages with text (subset-embedded Noto fonts chosen per
 * run of script, see script-runs.ts; right-to-left runs ordered as bidi.ts says), lines,
 * rectangles and JPEG images. The page renderers think
 * in points from the TOP-LEFT of the page with text placed on its baseline, as they always have.
 * Pages are buffered so the footer ("Page n of m") is drawn once the page count is known.
 */

/** A4 in points. */
export const A4 = { width: 595.28, height: 841.89 } as const;

export type Rgb = readonly [number, number, number];
export type { FontStyle };

export interface TextOptions {
  size: number;
  style?: FontStyle;
  color?: Rgb;
  /** Fill opacity, 0-1 (1 when absent). */
  opacity?: number;
  /** A stroke around the glyphs (legible labels over a film), `width` in points. */
  outline?: { readonly color: Rgb; readonly width: number };
}

/** A JPEG to place on pages (the composed film). */
export interface JpegImage {
  readonly bytes: Buffer;
  readonly width: number;
  readonly height: number;
  readonly channels: 1 | 3;
}

/** An image opened once in the document, placed on any number of pages. */
export interface PlacedImage {
  readonly width: number;
  readonly height: number;
}

/** What was drawn on a page, in order (tests read it; the PDF itself is compressed). */
export type DrawnItem =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'line'; readonly color: Rgb }
  | { readonly kind: 'rect'; readonly color: Rgb }
  | { readonly kind: 'image' };

type Features = PDFKit.Mixins.TextOptions['features'];

/**
 * Shaping features: the fonts' glyph composition (ccmp) is off. With it, Noto Sans splits some
 * precomposed Vietnamese letters (ọ, ụ) into a base letter and a mark, and pdfkit's ToUnicode map
 * (one text per glyph, first use wins) then reads every later plain 'o' or 'u' back as the
 * accented letter. The fonts have the precomposed glyphs, which draw the same.
 */
const FEATURES = { ccmp: false } as unknown as Features;

/**
 * Arabic and Hebrew are shaped with all of the font's features, `ccmp` included (Noto Sans Arabic's
 * joining forms need it), and read back through pdf-shaped-text.ts. An empty object, not
 * `undefined`: without features pdfkit lays a text out word by word, which would undo the
 * right-to-left order.
 */
const SHAPED_FEATURES = {} as unknown as Features;
const SHAPED_FACES: ReadonlySet<FontFace> = new Set(['arabic', 'hebrew']);
const featuresOf = (face: FontFace): Features => (SHAPED_FACES.has(face) ? SHAPED_FEATURES : FEATURES);

const to255 = (c: Rgb): [number, number, number] => [Math.round(c[0] * 255), Math.round(c[1] * 255), Math.round(c[2] * 255)];

export class ReportPage {
  readonly drawn: DrawnItem[] = [];

  constructor(
    readonly owner: ReportDocument,
    readonly index: number,
  ) {}

  /** Text on one line; `y` is the baseline. Answers the advance width in points. */
  text(x: number, y: number, text: string, options: TextOptions): number {
    const pdf = this.owner.on(this);
    const { size, style = 'regular', color = [0, 0, 0], opacity = 1, outline } = options;
    let cursor = x;
    pdf.save();
    pdf.fillColor(to255(color), opacity);
    if (outline) pdf.strokeColor(to255(outline.color)).lineWidth(outline.width).lineJoin('round');
    const mode = outline ? { fill: true, stroke: true } : {};
    for (const run of this.owner.runs(text)) {
      const features = featuresOf(run.face);
      pdf.font(fontName(run.face, style)).fontSize(size);
      if (SHAPED_FACES.has(run.face)) keepTextPerGlyph(pdf);
      pdf.text(run.text, cursor, y, { lineBreak: false, baseline: 'alphabetic', features, ...mode });
      cursor += pdf.widthOfString(run.text, { features });
    }
    pdf.restore();
    this.drawn.push({ kind: 'text', text });
    return cursor - x;
  }

  line(x1: number, y1: number, x2: number, y2: number, width = 0.5, color: Rgb = [0, 0, 0]): void {
    this.owner.on(this).moveTo(x1, y1).lineTo(x2, y2).lineWidth(width).lineCap('butt').strokeColor(to255(color)).stroke();
    this.drawn.push({ kind: 'line', color });
  }

  /** A polyline in one stroke (joints drawn round); `dash`: [dash, gap] in points, else solid. */
  polyline(points: ReadonlyArray<{ x: number; y: number }>, width: number, color: Rgb, dash?: readonly [number, number]): void {
    const [first, ...rest] = points;
    if (first === undefined || rest.length === 0) return;
    const pdf = this.owner.on(this);
    pdf.save();
    pdf.moveTo(first.x, first.y);
    for (const p of rest) pdf.lineTo(p.x, p.y);
    if (dash) pdf.dash(dash[0], { space: dash[1] });
    pdf
      .lineWidth(width)
      .lineJoin('round')
      .lineCap(dash ? 'butt' : 'round')
      .strokeColor(to255(color))
      .stroke();
    pdf.restore();
    this.drawn.push({ kind: 'line', color });
  }

  /**
   * SVG path data (`d`, in its own units: image px for a tracing) stroked at `left`, `top` scaled by
   * `scale` points per unit; `width` is in points whatever the scale.
   */
  svgPath(d: string, left: number, top: number, scale: number, width: number, color: Rgb): void {
    const pdf = this.owner.on(this);
    pdf.save();
    pdf.translate(left, top).scale(scale);
    pdf
      .path(d)
      .lineWidth(width / scale)
      .lineJoin('round')
      .lineCap('round')
      .strokeColor(to255(color))
      .stroke();
    pdf.restore();
    this.drawn.push({ kind: 'line', color });
  }

  rect(x: number, y: number, w: number, h: number, fill: Rgb): void {
    this.owner.on(this).rect(x, y, w, h).fill(to255(fill));
    this.drawn.push({ kind: 'rect', color: fill });
  }

  image(image: PlacedImage, x: number, y: number, w: number, h: number): void {
    (this.owner.on(this) as unknown as { image(src: PlacedImage, x: number, y: number, o: { width: number; height: number }): void }).image(
      image,
      x,
      y,
      { width: w, height: h },
    );
    this.drawn.push({ kind: 'image' });
  }

  /** The texts drawn on this page, in order. */
  texts(): string[] {
    return this.drawn.flatMap((d) => (d.kind === 'text' ? [d.text] : []));
  }
}

export class ReportDocument {
  readonly pages: ReportPage[] = [];
  private readonly pdf: PDFKit.PDFDocument;
  private current = -1;
  private readonly chunks: Buffer[] = [];

  constructor(
    readonly lang: ReportLang,
    info: { title: string; author: string; creationDate: Date },
  ) {
    this.pdf = new PDFDocument({
      size: 'A4',
      margin: 0,
      autoFirstPage: false,
      bufferPages: true,
      info: {
        Title: info.title,
        Author: info.author,
        Creator: 'Ceppro',
        Producer: 'Ceppro (pdfkit)',
        CreationDate: info.creationDate,
        ModDate: info.creationDate,
      },
    });
    this.pdf.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    for (const face of FONT_FACES)
      for (const style of ['regular', 'bold'] as const) this.pdf.registerFont(fontName(face, style), fontBytes(face, style));
  }

  addPage(): ReportPage {
    this.pdf.addPage({ size: 'A4', margin: 0 });
    const page = new ReportPage(this, this.pages.length);
    this.pages.push(page);
    this.current = page.index;
    return page;
  }

  /** Opens a JPEG once; place it with `page.image` (embedded as it is, DCTDecode). */
  addJpeg(image: JpegImage): PlacedImage {
    return (this.pdf as unknown as { openImage(src: Buffer): PlacedImage }).openImage(image.bytes);
  }

  /** The pdfkit document with `page` current (pages are buffered, any can be drawn on). */
  on(page: ReportPage): PDFKit.PDFDocument {
    if (this.current !== page.index) {
      this.pdf.switchToPage(page.index);
      this.current = page.index;
    }
    return this.pdf;
  }

  /** One line of `text` as runs of one face each for this report's language, in drawing order. */
  runs(text: string) {
    return lineRuns(text, this.lang, faceHasGlyph);
  }

  /** Width of `text` in points. */
  textWidth(text: string, size: number, style: FontStyle = 'regular'): number {
    let width = 0;
    for (const run of this.runs(text))
      width += this.pdf
        .font(fontName(run.face, style))
        .fontSize(size)
        .widthOfString(run.text, { features: featuresOf(run.face) });
    return width;
  }

  /**
   * `text` broken into lines of at most `maxWidth` points: at spaces, and inside a word (CJK text
   * has none) where a word alone is too wide. Never cut: every character is on some line.
   */
  wrap(text: string, size: number, maxWidth: number, style: FontStyle = 'regular'): string[] {
    const lines: string[] = [];
    let line = '';
    const fits = (s: string) => this.textWidth(s, size, style) <= maxWidth;
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const next = line === '' ? word : `${line} ${word}`;
      if (fits(next)) {
        line = next;
        continue;
      }
      if (line !== '') lines.push(line);
      line = '';
      for (const char of word) {
        if (line !== '' && !fits(line + char)) {
          lines.push(line);
          line = '';
        }
        line += char;
      }
    }
    if (line !== '') lines.push(line);
    return lines.length > 0 ? lines : [''];
  }

  /** Ends the document; the PDF bytes. */
  toBuffer(): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      this.pdf.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.pdf.on('error', reject);
      this.pdf.flushPages();
      this.pdf.end();
    });
  }
}
